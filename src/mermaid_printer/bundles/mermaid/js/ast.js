// ast.js — the printer's diagram AST, read from the database Mermaid filled while parsing.
//
// Kept whole: one extractor per diagram type in one table (EXTRACTORS), read as a list; a file per
// type would scatter the common core they share.
//
// Serves: the "parse" entry of bootstrap.js (mermaid_parse, verify). Input is the Diagram object
// mermaid.mermaidAPI.getDiagramFromText() returns (its `db` holds what Mermaid's own parser
// found — the same data the renderer draws), output is plain JSON:
//
//   {nodes: [{id, label, type}], edges: [{from, to, label, type}],
//    metadata: {title, direction, acc_title, acc_description, counts},
//    <section>: {...}}            // one type-specific section, e.g. "sequence", "class", "er"
//
// Every type Mermaid 12.3 registers has an extractor in EXTRACTORS below; a type without one
// still gets the common core from db.getData() (the unified layout data) where it exists.
// Positions (include_positions) come from scanning the user's source, because Mermaid's
// databases keep none: see findPositions() for the rule.
// Leaves out: styling (classDef/style/colours), layout numbers, click handlers and links —
// what a diagram *says*, not how it looks.
"use strict";
(function () {
  const G = globalThis;

  // ---- small helpers ------------------------------------------------------------------------
  function call(db, name, ...args) {
    if (!db || typeof db[name] !== "function") return undefined;
    try {
      return db[name](...args);
    } catch (error) {
      return undefined;
    }
  }
  function list(value) {
    if (value === undefined || value === null) return [];
    if (value instanceof Map || value instanceof Set) return [...value.values()];
    if (Array.isArray(value)) return value;
    if (typeof value === "object") return Object.values(value);
    return [];
  }
  // Mermaid hides "#…;" entities from its lexers ("ﬂ°…¶ß") and undoes that when drawing.
  function text(value) {
    if (value === undefined || value === null) return null;
    if (typeof value === "object" && "text" in value) return text(value.text);
    return String(value).replace(/ﬂ°°/g, "&#").replace(/ﬂ°/g, "&").replace(/¶ß/g, ";");
  }
  function trimmed(value) {
    const t = text(value);
    return t === null ? null : t.trim();
  }
  function node(id, label, type, extra) {
    return Object.assign({ id: String(id), label: label === undefined ? null : text(label), type: type || null }, extra);
  }
  function edge(from, to, label, type, extra) {
    return Object.assign({ from: String(from), to: String(to), label: label ? text(label) : null, type: type || null }, extra);
  }
  function iso(date) {
    if (!(date instanceof Date) || Number.isNaN(date.getTime())) return null;
    return date.toISOString();
  }
  function reverseEnum(table) {
    const names = {};
    for (const [name, value] of Object.entries(table || {})) names[value] = name.toLowerCase();
    return names;
  }
  // Pre-order walk of a tree whose children sit in `children`: nodes, parent→child edges.
  function walkTree(root, describe, skipRoot) {
    const nodes = [];
    const edges = [];
    let counter = 0;
    function visit(item, parentId, depth) {
      let id = parentId;
      if (!(skipRoot && depth === 0)) {
        const d = describe(item, depth, counter++);
        id = d.id;
        nodes.push(node(d.id, d.label, d.type, { parent: parentId, __ordered: true }));
        if (parentId !== null) edges.push(edge(parentId, d.id, null, "child", { __at: d.id }));
      }
      for (const child of list(item && item.children)) visit(child, id, depth + 1);
    }
    if (root) visit(root, null, 0);
    return { nodes, edges };
  }
  function cleanTree(item, describe) {
    const out = describe(item);
    const children = list(item && item.children);
    if (children.length) out.children = children.map((child) => cleanTree(child, describe));
    return out;
  }

  // ---- extractors: db → {nodes, edges, section, direction} ------------------------------------
  function flowchart(db) {
    const shapes = new Map();
    const data = call(db, "getData");
    for (const n of list(data && data.nodes)) shapes.set(n.id, n.shape);
    const vertices = list(call(db, "getVertices"));
    const nodes = vertices.map((v) => node(v.id, v.text, shapes.get(v.id) || v.type || "squareRect"));
    const edges = list(call(db, "getEdges")).map((e) =>
      edge(e.start, e.end, e.text, e.type, { __ordered: true }),
    );
    const subgraphs = list(call(db, "getSubGraphs")).map((s) => ({
      id: String(s.id),
      label: text(s.title),
      nodes: list(s.nodes).map(String),
      direction: s.dir || null,
    }));
    const section = {
      subgraphs,
      edges: list(call(db, "getEdges")).map((e) => ({
        from: String(e.start),
        to: String(e.end),
        arrow: e.type || null,
        stroke: e.stroke || null,
        length: e.length || 1,
      })),
      classes: vertices.filter((v) => list(v.classes).length).map((v) => ({ node: v.id, classes: list(v.classes) })),
    };
    return { nodes, edges, section };
  }

  function sequence(db) {
    const LT = db.LINETYPE || {};
    const names = reverseEnum(LT);
    const placement = reverseEnum(db.PLACEMENT);
    const actors = list(call(db, "getActors")).map((a) => ({
      id: String(a.name),
      label: text(a.description),
      type: a.type || "participant",
    }));
    const boxes = list(call(db, "getBoxes")).map((b) => ({ label: text(b.name), actors: list(b.actorKeys).map(String) }));
    const messages = [];
    const notes = [];
    const blocks = [];
    const stack = [];
    const opens = {
      [LT.LOOP_START]: "loop",
      [LT.ALT_START]: "alt",
      [LT.OPT_START]: "opt",
      [LT.PAR_START]: "par",
      [LT.PAR_OVER_START]: "par_over",
      [LT.RECT_START]: "rect",
      [LT.CRITICAL_START]: "critical",
      [LT.BREAK_START]: "break",
    };
    const middles = new Set([LT.ALT_ELSE, LT.PAR_AND, LT.CRITICAL_OPTION]);
    const closes = new Set([LT.LOOP_END, LT.ALT_END, LT.OPT_END, LT.PAR_END, LT.RECT_END, LT.CRITICAL_END, LT.BREAK_END]);
    const skip = new Set([LT.ACTIVE_START, LT.ACTIVE_END, LT.AUTONUMBER]);
    for (const m of list(call(db, "getMessages"))) {
      const t = m.type;
      if (t === LT.NOTE) {
        const over = m.to && m.to !== m.from ? [m.from, m.to] : [m.from];
        notes.push({ actors: over.map(String), placement: placement[m.placement] || null, text: text(m.message) });
      } else if (opens[t] !== undefined) {
        const block = { type: opens[t], label: t === LT.RECT_START ? null : trimmed(m.message), sections: [], first_message: messages.length, last_message: null };
        if (t === LT.RECT_START) block.color = text(m.message);
        block.sections.push({ label: block.label, first_message: messages.length });
        blocks.push(block);
        stack.push(block);
      } else if (middles.has(t)) {
        const block = stack[stack.length - 1];
        if (block) block.sections.push({ label: trimmed(m.message), first_message: messages.length });
      } else if (closes.has(t)) {
        const block = stack.pop();
        if (block) block.last_message = messages.length - 1;
      } else if (!skip.has(t) && m.from !== undefined && m.to !== undefined) {
        messages.push({ from: String(m.from), to: String(m.to), text: text(m.message), type: names[t] || String(t), activate: !!m.activate });
      }
    }
    const edges = messages.map((m) => edge(m.from, m.to, m.text, m.type, { __ordered: true }));
    return {
      nodes: actors.map((a) => node(a.id, a.label, a.type, { __declare: "(?:participant|actor|create\\s+participant|create\\s+actor)\\s+" })),
      edges,
      section: { actors, messages, notes, blocks, boxes },
    };
  }

  // Mermaid escapes a member's visibility mark for its markdown renderer ("\\+String name").
  const member = (value) => (text(value) || "").replace(/^\\(?=[+\-#~])/, "");
  function classDiagram(db) {
    const relNames = reverseEnum(db.relationType);
    const lineNames = { 0: "solid", 1: "dotted" };
    const marker = (t) => (t === "none" || t === undefined || t === null ? null : relNames[t] || String(t));
    const classes = list(call(db, "getClasses")).map((c) => ({
      id: String(c.id),
      label: text(c.label),
      generic: c.type ? text(c.type) : null,
      annotations: list(c.annotations).map(text),
      members: list(c.members).map((m) => ({ kind: "attribute", text: member(m.text), visibility: m.visibility || null, classifier: m.classifier || null })),
      methods: list(c.methods).map((m) => ({
        kind: "method",
        text: member(m.text),
        name: text(m.id),
        parameters: text(m.parameters),
        return_type: m.returnType ? text(m.returnType) : null,
        visibility: m.visibility || null,
        classifier: m.classifier || null,
      })),
      namespace: c.parent || null,
    }));
    const relations = list(call(db, "getRelations")).map((r) => ({
      from: String(r.id1),
      to: String(r.id2),
      label: r.title ? text(r.title) : null,
      start_marker: marker(r.relation && r.relation.type1),
      end_marker: marker(r.relation && r.relation.type2),
      line: lineNames[r.relation && r.relation.lineType] || null,
      cardinality_from: r.relationTitle1 && r.relationTitle1 !== "none" ? text(r.relationTitle1) : null,
      cardinality_to: r.relationTitle2 && r.relationTitle2 !== "none" ? text(r.relationTitle2) : null,
    }));
    const namespaces = list(call(db, "getNamespaces")).map((n) => ({ id: String(n.id), classes: [...(n.classes instanceof Map ? n.classes.keys() : Object.keys(n.classes || {}))].map(String) }));
    const notes = list(call(db, "getNotes")).map((n) => ({ text: text(n.text), class: n.class || null }));
    // A lollipop ("Animal ()-- Dog") makes an interface node "interfaceN" labelled "Animal".
    const interfaces = list(db.interfaces).map((i) => ({ id: String(i.id), label: text(i.label), class: i.classId ? String(i.classId) : null }));
    const kind = (c) => (c.annotations.length ? c.annotations[0].toLowerCase() : "class");
    return {
      nodes: [
        ...classes.map((c) => node(c.id, c.label, kind(c), { __declare: "class\\s+" })),
        ...interfaces.map((i) => node(i.id, i.label, "interface", { __find: i.label })),
      ],
      edges: relations.map((r) =>
        edge(r.from, r.to, r.label, [r.start_marker, r.end_marker].filter(Boolean).join("-") || (r.line === "dotted" ? "link_dotted" : "link"), { __ordered: true }),
      ),
      section: { classes, relations, interfaces, namespaces, notes },
    };
  }

  function stateDiagram(db) {
    const states = new Map();
    const transitions = [];
    const composites = [];
    const notes = [];
    function pseudo(s, parent) {
      if (s.id && /(^|_)(start|end)$/.test(s.id) && (s.start === true || s.start === false)) return s.start ? "start" : "end";
      return null;
    }
    function addState(s, parent) {
      const kind = pseudo(s, parent) || (s.type === "divider" ? "divider" : s.doc ? "composite" : s.type || "default");
      const existing = states.get(s.id);
      const description = s.description ? text(s.description) : null;
      if (!existing) {
        states.set(s.id, { id: String(s.id), label: description || (kind === "start" || kind === "end" ? "[*]" : String(s.id)), type: kind, parent });
      } else {
        if (description && existing.label === existing.id) existing.label = description;
        if (kind !== "default" && existing.type === "default") existing.type = kind;
      }
      if (s.note) notes.push({ state: String(s.id), position: s.note.position || null, text: text(s.note.text) });
      if (s.doc) {
        const composite = { id: String(s.id), children: [] };
        composites.push(composite);
        walk(s.doc, String(s.id), composite);
      }
    }
    function walk(doc, parent, composite) {
      for (const item of list(doc)) {
        if (!item || typeof item !== "object") continue;
        if (item.stmt === "state") {
          addState(item, parent);
          if (composite && !composite.children.includes(String(item.id))) composite.children.push(String(item.id));
        } else if (item.stmt === "relation") {
          for (const s of [item.state1, item.state2]) {
            addState(s, parent);
            if (composite && !composite.children.includes(String(s.id))) composite.children.push(String(s.id));
          }
          transitions.push({ from: String(item.state1.id), to: String(item.state2.id), label: item.description ? text(item.description) : null });
        }
      }
    }
    const root = call(db, "getRootDocV2");
    walk(root && root.doc, null, null);
    // Descriptions given as "s1 : text" live on the db's state map.
    for (const s of list(call(db, "getStates"))) {
      const mine = states.get(s.id);
      const descriptions = list(s.descriptions).map(text);
      if (mine && descriptions.length && mine.label === mine.id) mine.label = descriptions.join("\n");
    }
    // [*] is a start where a transition leaves it and an end where one arrives; each kind is
    // met in source order.
    const pseudoFind = {
      start: { __find: "[*]", __ordered: true, __chain: "start", __follow: "\\s*-->" },
      end: { __find: "[*]", __ordered: true, __chain: "end", __declare: ".*-->\\s*" },
    };
    const nodes = [...states.values()].filter((s) => s.type !== "divider").map((s) =>
      node(s.id, s.label, s.type, pseudoFind[s.type] || { __declare: "state\\s+(?:\"[^\"]*\"\\s+as\\s+)?" }),
    );
    const find = (id) => (states.get(id) && (states.get(id).type === "start" || states.get(id).type === "end") ? "[*]" : null);
    const edges = transitions.map((t) => edge(t.from, t.to, t.label, "transition", { __ordered: true, __from: find(t.from), __to: find(t.to) }));
    return { nodes, edges, section: { states: [...states.values()], transitions, composites, notes } };
  }

  function er(db) {
    const byId = new Map();
    const entities = [...(call(db, "getEntities") || new Map()).entries()].map(([name, e]) => {
      byId.set(e.id, name);
      return {
        name: String(name),
        alias: e.alias ? text(e.alias) : null,
        attributes: list(e.attributes).map((a) => ({ type: text(a.type), name: text(a.name), keys: list(a.keys), comment: a.comment ? text(a.comment) : null })),
      };
    });
    const relationships = list(call(db, "getRelationships")).map((r) => ({
      from: byId.get(r.entityA) || String(r.entityA),
      to: byId.get(r.entityB) || String(r.entityB),
      label: r.roleA ? text(r.roleA) : null,
      cardinality_from: r.relSpec ? String(r.relSpec.cardB).toLowerCase() : null,
      cardinality_to: r.relSpec ? String(r.relSpec.cardA).toLowerCase() : null,
      identifying: r.relSpec ? r.relSpec.relType === "IDENTIFYING" : null,
    }));
    return {
      nodes: entities.map((e) => node(e.name, e.alias || e.name, "entity")),
      edges: relationships.map((r) => edge(r.from, r.to, r.label, r.identifying ? "identifying" : "non_identifying", { __ordered: true })),
      section: { entities, relationships },
    };
  }

  function gantt(db) {
    const tasks = list(call(db, "getTasks")).map((t) => ({
      id: String(t.id),
      name: trimmed(t.task),
      section: t.section === undefined ? null : text(t.section),
      start: iso(t.startTime),
      end: iso(t.endTime),
      milestone: !!t.milestone,
      done: !!t.done,
      active: !!t.active,
      critical: !!t.crit,
      after: t.raw && t.raw.startTime && t.raw.startTime.type === "getStartDate" && /^after\s/.test(t.raw.startTime.startData || "")
        ? t.raw.startTime.startData.replace(/^after\s+/, "").trim().split(/\s+/)
        : [],
    }));
    const edges = [];
    for (const t of tasks) for (const before of t.after) edges.push(edge(before, t.id, null, "after", { __at: t.id }));
    return {
      nodes: tasks.map((t) => node(t.id, t.name, t.milestone ? "milestone" : "task", { __find: t.name, __ordered: true })),
      edges,
      section: {
        date_format: trimmed(call(db, "getDateFormat")) || null,
        axis_format: trimmed(call(db, "getAxisFormat")) || null,
        excludes: list(call(db, "getExcludes")).map(String),
        includes: list(call(db, "getIncludes")).map(String),
        sections: list(call(db, "getSections")).map(text),
        tasks,
      },
    };
  }

  function pie(db) {
    const slices = [...(call(db, "getSections") || new Map()).entries()].map(([label, value]) => ({ label: text(label), value: Number(value) }));
    return {
      nodes: slices.map((s) => node(s.label, s.label, "slice", { __ordered: true })),
      edges: [],
      section: { show_data: !!call(db, "getShowData"), slices },
    };
  }

  function journey(db) {
    const tasks = list(call(db, "getTasks")).map((t) => ({ name: trimmed(t.task), section: text(t.section), score: Number(t.score), actors: list(t.people).map(trimmed) }));
    const actors = [...new Set(tasks.flatMap((t) => t.actors))];
    return {
      nodes: tasks.map((t, i) => node(`task-${i}`, t.name, "task", { __find: t.name, __ordered: true })),
      edges: [],
      section: { sections: list(call(db, "getSections")).map(text), tasks, actors },
    };
  }

  function gitGraph(db) {
    const types = { 0: "commit", 1: "reverse", 2: "highlight", 3: "merge", 4: "cherry_pick" };
    const commits = list(call(db, "getCommitsArray")).map((c) => ({
      id: String(c.id),
      message: c.message ? text(c.message) : null,
      branch: String(c.branch),
      type: types[c.type] || String(c.type),
      tags: list(c.tags).map(String),
      parents: list(c.parents).map(String),
    }));
    const edges = [];
    for (const c of commits) for (const p of c.parents) edges.push(edge(p, c.id, null, c.type === "merge" && p !== c.parents[0] ? "merge" : "parent", { __at: c.id }));
    return {
      nodes: commits.map((c) => node(c.id, c.message || c.id, c.type, { __ordered: true, __find: c.type === "merge" ? "merge" : c.type === "cherry_pick" ? "cherry-pick" : "commit" })),
      edges,
      section: { branches: list(call(db, "getBranchesAsObjArray")).map((b) => String(b.name)), commits },
    };
  }

  function mindmap(db) {
    const data = call(db, "getData") || {};
    const shapes = new Map(list(data.nodes).map((n) => [String(n.id), n.shape]));
    const tree = walkTree(call(db, "getMindmap"), (n) => ({ id: String(n.id), label: text(n.descr), type: shapes.get(String(n.id)) || "default" }));
    const userIds = new Map();
    (function collect(n) {
      if (!n) return;
      userIds.set(String(n.id), n.nodeId);
      list(n.children).forEach(collect);
    })(call(db, "getMindmap"));
    for (const n of tree.nodes) n.__find = text(userIds.get(n.id)) || n.label;
    const root = cleanTree(call(db, "getMindmap"), (n) => ({ id: String(n.id), label: text(n.descr), icon: n.icon || null }));
    return { nodes: tree.nodes, edges: tree.edges, section: { root } };
  }

  function kanban(db) {
    const data = call(db, "getData") || {};
    const columns = [];
    const byId = new Map();
    const nodes = [];
    for (const n of list(data.nodes)) {
      if (n.isGroup) {
        const column = { id: String(n.id), label: text(n.label), items: [] };
        columns.push(column);
        byId.set(column.id, column);
        nodes.push(node(n.id, n.label, "column", { __ordered: true }));
      } else {
        const item = { id: String(n.id), label: text(n.label), ticket: n.ticket || null, priority: n.priority || null, assigned: n.assigned || null };
        const column = byId.get(String(n.parentId));
        if (column) column.items.push(item);
        nodes.push(node(n.id, n.label, "item", { parent: n.parentId ? String(n.parentId) : null, __ordered: true }));
      }
    }
    return { nodes, edges: [], section: { columns } };
  }

  function timeline(db) {
    const periods = list(call(db, "getTasks")).map((t) => ({ label: trimmed(t.task), section: t.section ? text(t.section) : null, events: list(t.events).map(trimmed) }));
    return {
      nodes: periods.map((p, i) => node(`period-${i}`, p.label, "period", { __find: p.label, __ordered: true })),
      edges: [],
      section: { sections: list(call(db, "getSections")).map(text), periods },
    };
  }

  function quadrantChart(db) {
    const data = call(db, "getQuadrantData") || {};
    const quads = list(data.quadrants);
    // Points come out in pixels; the quadrant squares give the plot area to map them back to 0..1.
    const left = Math.min(...quads.map((q) => q.x));
    const top = Math.min(...quads.map((q) => q.y));
    const right = Math.max(...quads.map((q) => q.x + q.width));
    const bottom = Math.max(...quads.map((q) => q.y + q.height));
    const round = (v) => Math.round(v * 10000) / 10000;
    const points = list(data.points).map((p) => ({
      label: text(p.text && p.text.text),
      x: right > left ? round((p.x - left) / (right - left)) : null,
      y: bottom > top ? round(1 - (p.y - top) / (bottom - top)) : null,
    }));
    return {
      nodes: points.map((p) => node(p.label, p.label, "point", { __ordered: true })),
      edges: [],
      section: { quadrants: quads.map((q) => text(q.text && q.text.text)), axis_labels: list(data.axisLabels).map((a) => text(a.text)), points },
    };
  }

  function xychart(db) {
    const data = call(db, "getXYChartData") || {};
    const axis = (a) => (a ? { type: a.type || null, title: a.title ? text(a.title) : null, categories: a.categories ? list(a.categories).map(text) : null, min: a.min ?? null, max: a.max ?? null } : null);
    const plots = list(data.plots).map((p) => ({ type: p.type, data: list(p.data).map((d) => [typeof d[0] === "number" ? d[0] : text(d[0]), d[1]]) }));
    return {
      nodes: plots.map((p, i) => node(`plot-${i}`, null, p.type, { __find: p.type, __ordered: true })),
      edges: [],
      section: { x_axis: axis(data.xAxis), y_axis: axis(data.yAxis), plots },
    };
  }

  function sankey(db) {
    const graph = call(db, "getGraph") || {};
    const links = list(graph.links).map((l) => ({ from: text(l.source), to: text(l.target), value: Number(l.value) }));
    return {
      nodes: list(graph.nodes).map((n) => node(n.id, n.id, "node")),
      edges: links.map((l) => edge(l.from, l.to, String(l.value), "flow", { __ordered: true })),
      section: { links },
    };
  }

  function block(db) {
    const nodes = [];
    const describe = (b) => ({ id: String(b.id), label: b.type === "space" ? null : text(b.label), type: b.type || null, columns: b.columns ?? null });
    function visit(b, parent) {
      if (b.type !== "space") nodes.push(node(b.id, b.type === "composite" && !b.label ? null : b.label, b.type, { parent, __ordered: true }));
      for (const child of list(b.children)) visit(child, b.type === "space" ? parent : String(b.id));
    }
    const blocks = list(call(db, "getBlocks"));
    for (const b of blocks) visit(b, null);
    const edges = list(call(db, "getEdges")).map((e) => edge(e.start, e.end, e.label, e.arrowTypeEnd || e.type, { __ordered: true }));
    return { nodes, edges, section: { columns: call(db, "getColumns", "root") ?? null, blocks: blocks.map((b) => cleanTree(b, describe)) } };
  }

  function packet(db) {
    const fields = list(call(db, "getPacket")).flat().map((f) => ({ start: f.start, end: f.end, bits: f.bits, label: text(f.label) }));
    return {
      nodes: fields.map((f) => node(`${f.start}-${f.end}`, f.label, "field", { __find: f.label, __ordered: true })),
      edges: [],
      section: { fields },
    };
  }

  function architecture(db) {
    const services = list(call(db, "getServices")).map((s) => ({ id: String(s.id), label: s.title ? text(s.title) : null, icon: s.icon || null, group: s.in || null }));
    const junctions = list(call(db, "getJunctions")).map((j) => ({ id: String(j.id), group: j.in || null }));
    const groups = list(call(db, "getGroups")).map((g) => ({ id: String(g.id), label: g.title ? text(g.title) : null, icon: g.icon || null, parent: g.in || null }));
    const edgesOut = list(call(db, "getEdges")).map((e) => ({ from: String(e.lhsId), from_side: e.lhsDir || null, to: String(e.rhsId), to_side: e.rhsDir || null, label: e.title ? text(e.title) : null, arrow_into_from: !!e.lhsInto, arrow_into_to: !!e.rhsInto }));
    return {
      nodes: [...services.map((s) => node(s.id, s.label, "service", { parent: s.group })), ...junctions.map((j) => node(j.id, null, "junction", { parent: j.group }))],
      edges: edgesOut.map((e) => edge(e.from, e.to, e.label, `${e.from_side || ""}-${e.to_side || ""}`, { __ordered: true })),
      section: { groups, services, junctions, edges: edgesOut },
    };
  }

  function radar(db) {
    const axes = list(call(db, "getAxes")).map((a) => ({ id: String(a.name), label: text(a.label) }));
    const curves = list(call(db, "getCurves")).map((c) => ({ id: String(c.name), label: text(c.label), values: list(c.entries).map(Number) }));
    return {
      nodes: [...axes.map((a) => node(a.id, a.label, "axis")), ...curves.map((c) => node(c.id, c.label, "curve"))],
      edges: [],
      section: { axes, curves, options: call(db, "getOptions") || {} },
    };
  }

  function treemap(db) {
    const root = call(db, "getRoot");
    const tree = walkTree(root, (n, depth, k) => ({ id: `node-${k}`, label: text(n.name), type: list(n.children).length ? "section" : "leaf" }), true);
    for (const n of tree.nodes) n.__find = n.label;
    const describe = (n) => {
      const out = { label: text(n.name) };
      if (n.value !== undefined) out.value = n.value;
      return out;
    };
    return { nodes: tree.nodes, edges: tree.edges, section: { root: list(root && root.children).map((c) => cleanTree(c, describe)) } };
  }

  function requirement(db) {
    const requirements = list(call(db, "getRequirements")).map((r) => ({ name: String(r.name), kind: r.type || null, requirement_id: r.requirementId || null, text: r.text ? text(r.text) : null, risk: r.risk || null, verify_method: r.verifyMethod || null }));
    const elements = list(call(db, "getElements")).map((e) => ({ name: String(e.name), kind: e.type || null, doc_ref: e.docRef || null }));
    const relationships = list(call(db, "getRelationships")).map((r) => ({ from: String(r.src), to: String(r.dst), type: r.type || null }));
    return {
      nodes: [...requirements.map((r) => node(r.name, r.name, "requirement")), ...elements.map((e) => node(e.name, e.name, "element"))],
      edges: relationships.map((r) => edge(r.from, r.to, r.type, r.type, { __ordered: true })),
      section: { requirements, elements, relationships },
    };
  }

  function c4(db) {
    const shapes = list(call(db, "getC4ShapeArray")).map((s) => ({
      id: String(s.alias),
      label: text(s.label),
      kind: text(s.typeC4Shape) || null,
      description: s.descr && s.descr.text ? text(s.descr) : null,
      technology: s.techn && s.techn.text ? text(s.techn) : null,
      boundary: s.parentBoundary && s.parentBoundary !== "global" ? s.parentBoundary : null,
    }));
    const boundaries = [];
    const seen = new Set();
    (function visit(parent, depth) {
      if (depth > 64) return;
      for (const b of list(call(db, "getBoundaries", parent))) {
        if (seen.has(b.alias)) continue;
        seen.add(b.alias);
        boundaries.push({ id: String(b.alias), label: text(b.label), kind: text(b.type) || null, parent: b.parentBoundary && b.parentBoundary !== "global" ? b.parentBoundary : null });
        visit(b.alias, depth + 1);
      }
    })("global", 0);
    const relations = list(call(db, "getRels")).map((r) => ({ from: String(r.from), to: String(r.to), label: r.label && r.label.text ? text(r.label) : null, kind: r.type || null, technology: r.techn && r.techn.text ? text(r.techn) : null }));
    return {
      nodes: shapes.map((s) => node(s.id, s.label, s.kind, { parent: s.boundary })),
      edges: relations.map((r) => edge(r.from, r.to, r.label, r.kind, { __ordered: true })),
      section: { c4_type: call(db, "getC4Type") || null, shapes, boundaries, relations },
    };
  }

  function venn(db) {
    const subsets = list(call(db, "getSubsetData")).map((s) => ({ sets: list(s.sets).map(String), size: s.size ?? null, label: s.label ? text(s.label) : null }));
    return {
      nodes: subsets.map((s) => node(s.sets.join("&"), s.label || s.sets.join(" & "), s.sets.length === 1 ? "set" : "intersection", { __find: s.sets[0], __ordered: true })),
      edges: [],
      section: { sets: subsets.filter((s) => s.sets.length === 1).map((s) => s.sets[0]), subsets, texts: list(call(db, "getTextData")).map((t) => ({ sets: list(t.sets).map(String), text: text(t.text ?? t.label) })) },
    };
  }

  function wardley(db) {
    const data = call(db, "getWardleyData") || {};
    const components = list(data.nodes).map((n) => ({ id: String(n.id), label: text(n.label), kind: n.className || null, evolution: n.x ?? null, visibility: n.y ?? null }));
    const links = list(data.links).map((l) => ({ from: String(l.source), to: String(l.target), dashed: !!l.dashed, label: l.label ? text(l.label) : null }));
    return {
      nodes: components.map((c) => node(c.id, c.label, c.kind)),
      edges: links.map((l) => edge(l.from, l.to, l.label, l.dashed ? "dashed" : "solid", { __ordered: true })),
      section: {
        components,
        links,
        evolutions: list(data.trends).map((t) => ({ component: String(t.nodeId), evolution: t.targetX ?? null, visibility: t.targetY ?? null })),
        notes: list(data.notes).map((n) => ({ text: text(n.text), evolution: n.x ?? null, visibility: n.y ?? null })),
      },
    };
  }

  function ishikawa(db) {
    const root = call(db, "getRoot");
    const tree = walkTree(root, (n, depth, k) => ({ id: `node-${k}`, label: text(n.text), type: depth === 0 ? "problem" : depth === 1 ? "category" : "cause" }));
    for (const n of tree.nodes) n.__find = n.label;
    return { nodes: tree.nodes, edges: tree.edges, section: { root: root ? cleanTree(root, (n) => ({ label: text(n.text) })) : null } };
  }

  function treeView(db) {
    const root = call(db, "getRoot");
    const tree = walkTree(root, (n, depth, k) => ({ id: `node-${k}`, label: text(n.name), type: list(n.children).length ? "directory" : "file" }), true);
    for (const n of tree.nodes) n.__find = n.label;
    return { nodes: tree.nodes, edges: tree.edges, section: { root: list(root && root.children).map((c) => cleanTree(c, (n) => ({ name: text(n.name) }))) } };
  }

  function eventmodeling(db) {
    const state = call(db, "getState") || {};
    const frames = list(state.boxes).map((b) => ({
      id: String(b.frame && b.frame.name),
      entity: b.frame ? text(b.frame.entityIdentifier) : null,
      kind: (b.frame && b.frame.modelEntityType) || null,
      swimlane: b.swimlane ? text(b.swimlane.label) : null,
      data: b.frame && b.frame.dataInlineValue ? text(b.frame.dataInlineValue) : null,
    }));
    const relations = list(state.relations).map((r) => ({ from: String(r.sourceBox && r.sourceBox.frame && r.sourceBox.frame.name), to: String(r.targetBox && r.targetBox.frame && r.targetBox.frame.name) }));
    return {
      nodes: frames.map((f) => node(f.id, f.entity, f.kind, { __find: f.entity, __ordered: true })),
      edges: relations.map((r) => edge(r.from, r.to, null, "flow", { __at: r.to })),
      section: { frames, relations },
    };
  }

  function railroad(db) {
    const rules = list(call(db, "getRules")).map((r) => ({ name: String(r.name), definition: r.definition ?? null }));
    const edges = [];
    for (const r of rules) {
      const refs = new Set();
      (function visit(x, depth) {
        if (!x || typeof x !== "object" || depth > 200) return;
        if (x.type === "nonterminal" && x.name) refs.add(String(x.name));
        for (const v of Object.values(x)) if (v && typeof v === "object") visit(v, depth + 1);
      })(r.definition, 0);
      for (const ref of refs) edges.push(edge(r.name, ref, null, "reference", { __at: r.name }));
    }
    return { nodes: rules.map((r) => node(r.name, r.name, "rule", { __ordered: true })), edges, section: { rules } };
  }

  function usecase(db) {
    const actors = list(call(db, "getActors")).map((a) => ({ id: String(a.id), label: text(a.label), kind: a.type || null }));
    const useCases = list(call(db, "getUseCases")).map((u) => ({ id: String(u.id), label: text(u.label) }));
    const boundaries = list(call(db, "getSystemBoundaries")).map((b) => ({ id: String(b.id), label: text(b.label), members: list(b.useCases || b.children || b.nodes).map((m) => String(m && m.id !== undefined ? m.id : m)) }));
    const relationships = list(call(db, "getRelationships")).map((r) => ({ from: String(r.source), to: String(r.target), kind: r.type || null, label: r.label ? text(r.label) : null }));
    return {
      nodes: [...actors.map((a) => node(a.id, a.label, "actor")), ...useCases.map((u) => node(u.id, u.label, "usecase"))],
      edges: relationships.map((r) => edge(r.from, r.to, r.label, r.kind, { __ordered: true })),
      section: { actors, use_cases: useCases, boundaries, relationships },
    };
  }

  function cynefin(db) {
    const domains = list(call(db, "getDomains")).map((d) => ({ name: String(d.name), items: list(d.items).map((i) => text(i.label)) }));
    const transitions = list(call(db, "getTransitions")).map((t) => ({ from: String(t.from), to: String(t.to), label: t.label ? text(t.label) : null }));
    return {
      nodes: domains.map((d) => node(d.name, d.name, "domain")),
      edges: transitions.map((t) => edge(t.from, t.to, t.label, "transition", { __ordered: true })),
      section: { domains, transitions },
    };
  }

  function info(db) {
    return { nodes: [], edges: [], section: { version: call(db, "getVersion") || null } };
  }

  // Types without an extractor: the common core from the unified layout data, if the db has it.
  function generic(db) {
    const data = call(db, "getData") || {};
    return {
      nodes: list(data.nodes).map((n) => node(n.id, n.label, n.shape || (n.isGroup ? "group" : null))),
      edges: list(data.edges).map((e) => edge(e.start, e.end, e.label, e.type, { __ordered: true })),
      section: null,
    };
  }

  // diagram type (as Mermaid registers it) → [section name, extractor]
  const EXTRACTORS = {
    "flowchart-v2": ["flowchart", flowchart],
    "flowchart-elk": ["flowchart", flowchart],
    flowchart: ["flowchart", flowchart],
    agentflow: ["flowchart", flowchart],
    swimlane: ["flowchart", flowchart],
    sequence: ["sequence", sequence],
    classDiagram: ["class", classDiagram],
    class: ["class", classDiagram],
    stateDiagram: ["state", stateDiagram],
    state: ["state", stateDiagram],
    er: ["er", er],
    gantt: ["gantt", gantt],
    pie: ["pie", pie],
    journey: ["journey", journey],
    gitGraph: ["git", gitGraph],
    mindmap: ["mindmap", mindmap],
    kanban: ["kanban", kanban],
    timeline: ["timeline", timeline],
    quadrantChart: ["quadrant", quadrantChart],
    xychart: ["xychart", xychart],
    sankey: ["sankey", sankey],
    block: ["block", block],
    packet: ["packet", packet],
    architecture: ["architecture", architecture],
    radar: ["radar", radar],
    treemap: ["treemap", treemap],
    requirement: ["requirement", requirement],
    c4: ["c4", c4],
    venn: ["venn", venn],
    wardley: ["wardley", wardley],
    ishikawa: ["ishikawa", ishikawa],
    treeView: ["tree", treeView],
    eventmodeling: ["eventmodeling", eventmodeling],
    railroad: ["railroad", railroad],
    railroadEbnf: ["railroad", railroad],
    railroadAbnf: ["railroad", railroad],
    railroadPeg: ["railroad", railroad],
    usecase: ["usecase", usecase],
    cynefin: ["cynefin", cynefin],
    info: ["info", info],
  };

  // ---- positions ----------------------------------------------------------------------------
  // The rule (Mermaid's databases keep no source positions, so they are found in the source):
  //  * Only the user's diagram lines are searched: front matter, %%{directives}%%, %% comment,
  //    title and accTitle/accDescr lines are skipped, and on the header line only what follows
  //    the diagram keyword.
  //  * A term matches as a whole word: no letter, digit or "_" right before or after it (checked
  //    only on a side where the term itself starts/ends with such a character), and not inside a
  //    match of a longer term of the same diagram ("Cup" is not found inside "Cup of Tea"). A
  //    match outside "double quotes" is preferred over one inside them.
  //  * A node is found by its id if the id occurs in the source, else by its label. Where the
  //    type has a declaration keyword (participant/actor, class, state), a declaration line wins
  //    over an earlier mention; otherwise the first mention is where Mermaid created the node.
  //  * Ordered things (edges, messages, tasks, slices, tree nodes) are searched in order: each
  //    from the line of the previous one on, so repeated names land on their own lines. An edge is
  //    on the first such line holding its source and then its target (a match an identical edge
  //    already took is skipped); its column is the source's. An edge whose ends are on different
  //    lines (a multi-line label between them) is where its source is.
  //  * An edge that stands for a child (tree types, gantt "after") takes that child's position.
  // Lines and columns are 1-based, in the user's source as given.
  function sourceLines(source) {
    const lines = String(source).split(/\r\n?|\n/);
    const searchable = lines.map(() => true);
    let i = 0;
    while (i < lines.length && lines[i].trim() === "") i++;
    if (i < lines.length && /^---\s*$/.test(lines[i])) {
      for (let j = i + 1; j < lines.length; j++) {
        if (/^---\s*$/.test(lines[j])) {
          for (let k = i; k <= j; k++) searchable[k] = false;
          break;
        }
      }
    }
    let inDirective = false;
    let inAccBlock = false;
    let header = -1;
    for (let n = 0; n < lines.length; n++) {
      if (!searchable[n]) continue;
      const line = lines[n];
      if (inDirective || /^\s*%%\{/.test(line)) {
        inDirective = !/\}%%\s*$/.test(line);
        searchable[n] = false;
      } else if (inAccBlock) {
        inAccBlock = !line.includes("}");
        searchable[n] = false;
      } else if (/^\s*%%/.test(line)) searchable[n] = false;
      else if (header >= 0 && /^\s*(?:title|accTitle|accDescr)\b/.test(line)) {
        searchable[n] = false;
        inAccBlock = /^\s*accDescr\s*\{/.test(line) && !line.includes("}");
      } else if (header < 0 && line.trim() !== "") header = n;
    }
    const starts = lines.map(() => 0);
    if (header >= 0) {
      const keyword = /^\s*[\w-]+/.exec(lines[header]);
      if (keyword) starts[header] = keyword[0].length;
    }
    return { lines, searchable, starts, header: Math.max(header, 0) };
  }

  const WORD = /[\p{L}\p{N}_]/u;
  function escapeRegExp(s) {
    return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  function quotedRanges(line) {
    const ranges = [];
    const re = /"[^"]*"/g;
    let m;
    while ((m = re.exec(line))) ranges.push([m.index, m.index + m[0].length]);
    return ranges;
  }
  // Columns (0-based) in `line` from `from` on where `term` matches as a whole word.
  function matches(line, term, from) {
    const out = [];
    if (!term) return out;
    const checkBefore = WORD.test(term[0]);
    const checkAfter = WORD.test(term[term.length - 1]);
    let at = line.indexOf(term, from);
    while (at >= 0) {
      const before = at > 0 ? line[at - 1] : "";
      const after = line[at + term.length] || "";
      if (!(checkBefore && before && WORD.test(before)) && !(checkAfter && after && WORD.test(after))) out.push(at);
      at = line.indexOf(term, at + 1);
    }
    return out;
  }

  function makeFinder(source, terms) {
    const src = sourceLines(source);
    const cache = new Map();
    const allTerms = [...new Set(terms.map((t) => String(t).split("\n")[0].trim()).filter(Boolean))];
    // Occurrences of longer terms that contain `term`, as [line, start, end] spans.
    function covering(term) {
      const spans = [];
      for (const other of allTerms) {
        if (other.length <= term.length || !other.includes(term)) continue;
        for (const o of raw(other)) spans.push([o.line, o.column, o.column + other.length]);
      }
      return spans;
    }
    // One native indexOf pass over the whole source per term (not one per line), offsets mapped
    // back to lines by binary search: positions for a 1,500-node diagram stay well under a second.
    const whole = src.lines.join("\n");
    const lineStarts = [];
    for (let n = 0, at = 0; n < src.lines.length; at += src.lines[n].length + 1, n++) lineStarts.push(at);
    function lineOf(offset) {
      let lo = 0;
      let hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    }
    const rawCache = new Map();
    function raw(term) {
      if (rawCache.has(term)) return rawCache.get(term);
      const found = [];
      if (term) {
        for (const at of matches(whole, term, lineStarts[src.header] || 0)) {
          const line = lineOf(at);
          const column = at - lineStarts[line];
          if (src.searchable[line] && column >= src.starts[line] && !term.includes("\n")) found.push({ line, column });
        }
      }
      rawCache.set(term, found);
      return found;
    }
    function occurrences(term) {
      // A label spread over several lines is found by its first line.
      term = String(term).split("\n")[0].trim();
      if (cache.has(term)) return cache.get(term);
      const found = [];
      const covers = covering(term);
      for (const o of raw(term)) {
        if (covers.some(([line, a, b]) => line === o.line && o.column >= a && o.column < b)) continue;
        const quoted = quotedRanges(src.lines[o.line]);
        found.push({ line: o.line, column: o.column, quoted: quoted.some(([a, b]) => o.column > a && o.column < b) });
      }
      if (!found.length && term.includes('"')) found.push(...occurrences(term.replace(/"/g, '""'))); // CSV quoting
      cache.set(term, found);
      return found;
    }
    // The first occurrence after `after` ({line, column}, exclusive), or anywhere when null.
    // `declare`/`follow`: patterns for the text before/after a declaring occurrence.
    function first(term, after, declare, follow) {
      const all = occurrences(term).filter((o) => !after || o.line > after.line || (o.line === after.line && o.column > after.column));
      if (declare || follow) {
        const before = declare ? new RegExp("^\\s*" + declare + "$") : null;
        const behind = follow ? new RegExp("^" + follow) : null;
        const length = String(term).split("\n")[0].trim().length;
        const decl = all.find((o) => {
          const line = src.lines[o.line];
          return (!before || before.test(line.slice(0, o.column))) && (!behind || behind.test(line.slice(o.column + length)));
        });
        if (decl) return decl;
      }
      return all.find((o) => !o.quoted) || all[0] || null;
    }
    // The first occurrence of `a` from `fromLine` on with `b` after it on the same line; `used`
    // holds matches an identical edge already took ("A-->B" twice is two lines).
    function onSameLine(a, b, fromLine, used) {
      a = String(a).split("\n")[0].trim();
      b = String(b).split("\n")[0].trim();
      const bs = occurrences(b);
      for (const o of occurrences(a)) {
        if (o.line < fromLine || used.has(`${o.line}:${o.column}`)) continue;
        if (bs.some((p) => p.line === o.line && p.column >= o.column + a.length)) return o;
      }
      return null;
    }
    return { occurrences, first, onSameLine };
  }

  function findPositions(ast, source) {
    const terms = [];
    for (const n of ast.nodes) terms.push(n.__find || n.id, n.label || n.id);
    const finder = makeFinder(source, terms);
    const byId = new Map();
    const previous = new Map(); // ordering chain → last match
    const termOf = (n) => {
      if (n.__find !== undefined && n.__find !== null) return n.__find;
      if (finder.occurrences(n.id).length) return n.id;
      return n.label || n.id;
    };
    for (const n of ast.nodes) {
      const term = termOf(n);
      byId.set(n.id, term);
      const chain = n.__chain || "nodes";
      const at = (n.__ordered && finder.first(term, previous.get(chain), n.__declare, n.__follow)) || finder.first(term, null, n.__declare, n.__follow);
      if (at && n.__ordered) previous.set(chain, at);
      n.line = at ? at.line + 1 : null;
      n.column = at ? at.column + 1 : null;
    }
    const nodePos = new Map(ast.nodes.map((n) => [n.id, n]));
    let orderedLine = 0;
    const usedBy = new Map(); // "from→to" → matches taken
    for (const e of ast.edges) {
      if (e.__at !== undefined) {
        const n = nodePos.get(e.__at);
        e.line = n ? n.line : null;
        e.column = n ? n.column : null;
        continue;
      }
      const a = e.__from || byId.get(e.from) || e.from;
      const b = e.__to || byId.get(e.to) || e.to;
      const key = `${a}\u0000${b}`;
      if (!usedBy.has(key)) usedBy.set(key, new Set());
      const used = usedBy.get(key);
      let at = finder.onSameLine(a, b, orderedLine, used) || finder.onSameLine(b, a, orderedLine, used);
      if (!at) at = finder.onSameLine(a, b, 0, used) || finder.onSameLine(b, a, 0, used);
      // A statement spread over lines (a multi-line label between the ends) starts at its source.
      if (!at) at = finder.first(a, { line: orderedLine, column: -1 }) || finder.first(a, null);
      if (at) {
        orderedLine = at.line;
        used.add(`${at.line}:${at.column}`);
      }
      e.line = at ? at.line + 1 : null;
      e.column = at ? at.column + 1 : null;
    }
  }

  // ---- the entry point ----------------------------------------------------------------------
  function buildAst(diagram, options) {
    const db = diagram.db;
    const entry = EXTRACTORS[diagram.type];
    const extracted = entry ? entry[1](db) : generic(db);
    const ast = { nodes: extracted.nodes, edges: extracted.edges };
    if (options.includePositions) findPositions(ast, options.source);
    for (const item of [...ast.nodes, ...ast.edges]) {
      for (const key of Object.keys(item)) if (key.startsWith("__")) delete item[key];
    }
    const title = trimmed(call(db, "getDiagramTitle")) || trimmed(call(db, "getTitle")) || options.title || null;
    const counts = { nodes: ast.nodes.length, edges: ast.edges.length };
    const section = extracted.section;
    if (section) {
      for (const [key, value] of Object.entries(section)) if (Array.isArray(value)) counts[key] = value.length;
    }
    const direction = call(db, "getDirection");
    ast.metadata = {
      title,
      direction: typeof direction === "string" && direction ? direction : null,
      acc_title: trimmed(call(db, "getAccTitle")) || null,
      acc_description: trimmed(call(db, "getAccDescription")) || null,
      counts,
    };
    if (entry && section) ast[entry[0]] = section;
    return ast;
  }

  G.__printerAst = { buildAst, sections: Object.fromEntries(Object.entries(EXTRACTORS).map(([type, [name]]) => [type, name])) };
})();
