// dom.js — the minimal DOM Mermaid 12.3 renders into.
//
// Kept whole: one object model: nodes, elements, documents and the HTML parser share prototypes
// and private state that a split would have to publish as globals.
//
// Serves: d3-selection (create/append/insert/remove, attributes, classList, style, text,
// html, select/selectAll), Mermaid's renderers (getElementById, innerHTML of the finished SVG),
// DOMPurify (which Mermaid runs over labels and over the final SVG in strict mode: it needs
// DOMParser('text/html'), implementation.createHTMLDocument, createNodeIterator that stays
// correct while nodes are removed, NamedNodeMap, prototype getters for parentNode/childNodes/
// nextSibling/nodeName, Node/Element/HTMLFormElement/HTMLTemplateElement constructors),
// dagre/cytoscape/elk (nothing DOM) and block diagrams' JSON.stringify of nodes (toJSON).
// Geometry (getBBox and friends) is added by geometry.js; styles come from css.js.
// Leaves out: events (listeners are kept but never fired, except <img> load/error, which fire
// "error" at once because nothing is ever fetched), layout of HTML boxes, shadow DOM, the
// full HTML tree-construction algorithm (the parser here handles the well-formed markup that
// Mermaid and DOMPurify produce, plus unclosed and stray tags in user labels), namespaces
// beyond HTML/SVG/XLink/XML.
"use strict";
(function () {
  const G = globalThis;
  const css = G.__printerCss;
  const selectors = G.__printerSelectors;

  const HTML_NS = "http://www.w3.org/1999/xhtml";
  const SVG_NS = "http://www.w3.org/2000/svg";
  const XLINK_NS = "http://www.w3.org/1999/xlink";
  const XML_NS = "http://www.w3.org/XML/1998/namespace";
  const XMLNS_NS = "http://www.w3.org/2000/xmlns/";
  const MATHML_NS = "http://www.w3.org/1998/Math/MathML";

  const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);
  const RAW_TEXT_ELEMENTS = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title"]);

  class EventTarget {
    addEventListener(type, listener) {
      if (!this._listeners) this._listeners = [];
      this._listeners.push([type, listener]);
      // Nothing is ever fetched: an <img> reports failure so code awaiting it moves on.
      if (this._lname === "img" && (type === "error" || type === "load")) scheduleImageError(this);
    }
    removeEventListener(type, listener) {
      if (this._listeners) this._listeners = this._listeners.filter((l) => !(l[0] === type && l[1] === listener));
    }
    dispatchEvent(event) {
      if (!this._listeners) return true;
      for (const [type, listener] of this._listeners.slice()) {
        if (type !== event.type) continue;
        if (typeof listener === "function") listener.call(this, event);
        else if (listener && typeof listener.handleEvent === "function") listener.handleEvent(event);
      }
      return !event.defaultPrevented;
    }
  }

  function scheduleImageError(img) {
    if (img._errorScheduled) return;
    img._errorScheduled = true;
    G.setTimeout(() => {
      const event = new G.Event("error");
      event.target = img;
      img.dispatchEvent(event);
      if (typeof img.onerror === "function") img.onerror(event);
    }, 0);
  }

  // ---- Node -----------------------------------------------------------------------------------
  let domVersion = 0; // bumped on every mutation, for caches in html_layout.js
  // Bumped only by mutations that can change a computed style: tree and text changes, and the
  // attributes the cascade reads (style, class, id, presentation attributes, names in attribute
  // selectors). css.js memoizes computed values on it; the geometry attributes a layout writes
  // (x, y, transform, d, ...) leave them valid.
  let styleVersion = 0;
  // Which memos such a mutation reaches. Without :has() (selectors.js has none), a change to a
  // node's attributes or text can change the computed style of its parent's subtree only (its
  // own, its siblings' through + ~ and :nth-*, its parent's :empty), a change to an attribute
  // no selector reads (style, presentation attributes: styleReach) that of its own subtree, and
  // a change to a node's children that of its own subtree. So each styled mutation stamps the
  // mutated node's parent (the node itself when it has no parent, when only its own cascade
  // reads the attribute, or when its children changed) with the new
  // styleVersion, and a memo made at version v for `el` holds while no ancestor-or-self of `el`
  // carries a newer stamp (styleStamp) and no <style> text or set of <style>s in a tree has
  // changed (sheetVersion: every element's sheets). A node taken out of a tree is stamped
  // itself: its old ancestors are no longer its ancestors. ARCHITECTURE.md states the rule.
  let sheetVersion = 0;
  function containsStyle(node) {
    if (node._type !== 1 && node._type !== 11) return false;
    if (node._lname === "style") return true;
    if (node._children.length === 0 || !node._doc) return false;
    for (const style of node._doc._styleElements) for (let n = style._parent; n; n = n._parent) if (n === node) return true;
    return false;
  }
  // The newest stamp on `el` or an ancestor, memoized per styleVersion.
  function styleStamp(el) {
    if (el._stampAt === styleVersion) return el._stamp;
    let stamp = el._styleDirty | 0;
    if (el._parent) {
      const above = styleStamp(el._parent);
      if (above > stamp) stamp = above;
    }
    el._stamp = stamp;
    el._stampAt = styleVersion;
    return stamp;
  }
  // Takes every child out of `node` (innerHTML, textContent, replaceChildren).
  function dropChildren(node) {
    const dropped = node._children;
    for (const c of dropped) {
      if (containsStyle(c)) sheetVersion++;
      c._parent = null;
    }
    node._children = [];
    changed(node, "children");
    for (const c of dropped) c._styleDirty = styleVersion;
  }
  // Which computed styles a change of the attribute `name` can reach (the `styled` of changed):
  // true when selectors read it (class, id, a name in an attribute selector): the element's,
  // its siblings' (+ ~) and their subtrees'; "self" when only the element's own cascade reads
  // it (its style attribute, a presentation attribute): the element's and, by inheritance, its
  // subtree's, never a sibling's (a circle's new fill leaves the label beside it as it was);
  // false when no style reads it.
  function styleReach(name) {
    if (name === "class" || name === "id" || selectors.isSelectedAttribute(name)) return true;
    return name === "style" || css.isPresentationAttribute(name) ? "self" : false;
  }
  // The reach of an attribute known by two names (qualified and local): the wider.
  function styleReachOf(qualified, local) {
    const a = styleReach(qualified);
    if (a === true || qualified === local) return a;
    const b = styleReach(local);
    return b === true ? true : a || b;
  }
  // Records a mutation of `node` (its attributes, children or text). A <text>'s layout depends
  // only on its own subtree and on computed styles: geometry.js marks the nodes it laid out with
  // `_layoutText`, and a mutation of one of them, or of the text itself, bumps `_textVersion`.
  // `styled`: the mutation is of the node's attributes or text; "self": of an attribute only its
  // own cascade reads (styleReach); "children": of its children
  // (which reaches only its own subtree: the children's positions, its :empty).
  function changed(node, styled) {
    domVersion++;
    const doc = node._type === 9 ? node : node._doc;
    if (doc) doc._mutations = (doc._mutations | 0) + 1;
    if (node._inKeptLayout) dropKeptLayouts(node);
    if (styled) {
      styleVersion++;
      (styled === "children" || styled === "self" ? node : node._parent || node)._styleDirty = styleVersion;
      if (node._lname === "style" || (node._parent && node._parent._lname === "style")) sheetVersion++;
    }
    const text = node._lname === "text" ? node : node._layoutText;
    if (text) text._textVersion = (text._textVersion | 0) + 1;
  }

  // html_layout.js keeps the layout of a measured HTML element on it (`_keptLayout`) and marks
  // every node of that element's subtree (`_inKeptLayout`): a mutation of a marked node drops the
  // kept layout of each of its ancestors-or-self.
  // The <body> of another document (DOMPurify's) whose markup was read last, with that markup and
  // its document's mutation count then: Mermaid's SVG is that markup, and the tree it was written
  // from, while unchanged, stands for the tree the markup would parse into (serializedBody).
  let lastSerializedBody = null;
  function serializedBody(html) {
    const last = lastSerializedBody;
    lastSerializedBody = null;
    if (last === null || last.html !== html || (last.body._doc._mutations | 0) !== last.mutations) return null;
    return last.body;
  }

  function dropKeptLayouts(node) {
    for (let n = node; n; n = n._parent) if (n._keptLayout) n._keptLayout = null;
  }

  class Node extends EventTarget {
    constructor(doc, type) {
      super();
      this._doc = doc;
      this._type = type;
      this._parent = null;
      this._children = [];
    }
    get nodeType() {
      return this._type;
    }
    // DOMPurify reads nodeName through Node.prototype's getter, so it answers for every type.
    get nodeName() {
      switch (this._type) {
        case 1:
          return this.tagName;
        case 3:
          return "#text";
        case 4:
          return "#cdata-section";
        case 8:
          return "#comment";
        case 9:
          return "#document";
        case 10:
          return this.name;
        case 11:
          return "#document-fragment";
      }
      return "";
    }
    get parentNode() {
      return this._parent;
    }
    get parentElement() {
      return this._parent && this._parent._type === 1 ? this._parent : null;
    }
    get childNodes() {
      return this._children;
    }
    get firstChild() {
      return this._children[0] || null;
    }
    get lastChild() {
      return this._children[this._children.length - 1] || null;
    }
    get nextSibling() {
      const p = this._parent;
      if (!p) return null;
      return p._children[p._children.indexOf(this) + 1] || null;
    }
    get previousSibling() {
      const p = this._parent;
      if (!p) return null;
      const i = p._children.indexOf(this);
      return i > 0 ? p._children[i - 1] : null;
    }
    get ownerDocument() {
      return this._type === 9 ? null : this._doc;
    }
    get isConnected() {
      let n = this;
      while (n._parent) n = n._parent;
      return n._type === 9;
    }
    get nodeValue() {
      return this._type === 3 || this._type === 8 ? this._data : null;
    }
    set nodeValue(v) {
      if (this._type === 3 || this._type === 8) this.data = v;
    }
    getRootNode() {
      let n = this;
      while (n._parent) n = n._parent;
      return n;
    }
    hasChildNodes() {
      return this._children.length > 0;
    }
    contains(other) {
      for (let n = other; n; n = n._parent) if (n === this) return true;
      return false;
    }
    _checkChild(child) {
      if (!(child instanceof Node)) throw new TypeError("parameter is not of type 'Node'");
      for (let n = this; n; n = n._parent) {
        if (n === child) {
          const err = new Error("The new child element contains the parent.");
          err.name = "HierarchyRequestError";
          throw err;
        }
      }
    }
    _detach(child) {
      if (child._parent) {
        const siblings = child._parent._children;
        const i = siblings.indexOf(child);
        if (i >= 0) {
          siblings.splice(i, 1);
          notifyRemoved(child._parent, child, i);
        }
        if (containsStyle(child)) sheetVersion++;
        changed(child._parent, "children");
        child._parent = null;
        child._styleDirty = styleVersion;
      }
    }
    insertBefore(child, ref) {
      if (ref === undefined) ref = null;
      if (child._type === 11) {
        for (const c of child._children.slice()) this.insertBefore(c, ref);
        return child;
      }
      this._checkChild(child);
      if (ref !== null && ref._parent !== this) {
        const err = new Error("The node before which the new node is to be inserted is not a child of this node.");
        err.name = "NotFoundError";
        throw err;
      }
      if (child === ref) return child;
      this._detach(child);
      const index = ref === null ? this._children.length : this._children.indexOf(ref);
      this._children.splice(index, 0, child);
      child._parent = this;
      adoptTree(child, this._type === 9 ? this : this._doc);
      if (containsStyle(child)) sheetVersion++;
      changed(this, "children");
      return child;
    }
    appendChild(child) {
      return this.insertBefore(child, null);
    }
    removeChild(child) {
      if (!child || child._parent !== this) {
        const err = new Error("The node to be removed is not a child of this node.");
        err.name = "NotFoundError";
        throw err;
      }
      this._detach(child);
      changed(this, "children");
      return child;
    }
    replaceChild(newChild, oldChild) {
      this.insertBefore(newChild, oldChild);
      return this.removeChild(oldChild);
    }
    get textContent() {
      if (this._type === 3 || this._type === 8) return this._data;
      if (this._type === 9) return null;
      let out = "";
      const walk = (n) => {
        for (const c of n._children) {
          if (c._type === 3) out += c._data;
          else if (c._type === 1 || c._type === 11) walk(c);
        }
      };
      walk(this);
      return out;
    }
    set textContent(value) {
      if (this._type === 3 || this._type === 8) {
        this.data = value;
        return;
      }
      dropChildren(this);
      const text = value === null || value === undefined ? "" : String(value);
      if (text !== "") this.appendChild(this._doc.createTextNode(text));
    }
    compareDocumentPosition(other) {
      if (other === this) return 0;
      const chain = (n) => {
        const out = [];
        for (; n; n = n._parent) out.unshift(n);
        return out;
      };
      const a = chain(this);
      const b = chain(other);
      if (a[0] !== b[0]) return 1 | 32 | (this._cmpId() < other._cmpId() ? 4 : 2);
      let i = 0;
      while (i < a.length && i < b.length && a[i] === b[i]) i++;
      if (i === a.length) return 16 | 4; // other is contained by this, and follows
      if (i === b.length) return 8 | 2; // other contains this, and precedes
      const parent = a[i - 1];
      return parent._children.indexOf(b[i]) > parent._children.indexOf(a[i]) ? 4 : 2;
    }
    _cmpId() {
      if (!this.__cmpId) this.__cmpId = ++cmpCounter;
      return this.__cmpId;
    }
    isSameNode(other) {
      return other === this;
    }
    isEqualNode(other) {
      return !!other && serializeNode(this) === serializeNode(other);
    }
    normalize() {}
    lookupNamespaceURI(prefix) {
      if (prefix === "xlink") return XLINK_NS;
      if (prefix === "xml") return XML_NS;
      return this._ns || null;
    }
  }
  let cmpCounter = 0;
  Node.ELEMENT_NODE = 1;
  Node.ATTRIBUTE_NODE = 2;
  Node.TEXT_NODE = 3;
  Node.CDATA_SECTION_NODE = 4;
  Node.PROCESSING_INSTRUCTION_NODE = 7;
  Node.COMMENT_NODE = 8;
  Node.DOCUMENT_NODE = 9;
  Node.DOCUMENT_TYPE_NODE = 10;
  Node.DOCUMENT_FRAGMENT_NODE = 11;
  Node.DOCUMENT_POSITION_DISCONNECTED = 1;
  Node.DOCUMENT_POSITION_PRECEDING = 2;
  Node.DOCUMENT_POSITION_FOLLOWING = 4;
  Node.DOCUMENT_POSITION_CONTAINS = 8;
  Node.DOCUMENT_POSITION_CONTAINED_BY = 16;
  for (const [k, v] of Object.entries(Node)) Node.prototype[k] = v;

  function adoptTree(node, doc) {
    if (node._doc === doc) return;
    const stack = [node];
    while (stack.length) {
      const n = stack.pop();
      if (n._lname === "style" && n._doc && n._doc !== doc) n._doc._styleElements.delete(n);
      n._doc = doc;
      if (n._lname === "style") doc._styleElements.add(n);
      for (const c of n._children) stack.push(c);
    }
  }

  // Live NodeIterators must step past nodes as they are removed (DOMPurify removes while walking).
  const liveIterators = new Set();
  function notifyRemoved(parent, child, index) {
    for (const it of liveIterators) it._onRemove(parent, child, index);
  }

  class CharacterData extends Node {
    constructor(doc, type, data) {
      super(doc, type);
      this._data = String(data);
    }
    get data() {
      return this._data;
    }
    set data(v) {
      this._data = v === null || v === undefined ? "" : String(v);
      changed(this, true); // the text of a <style>, or :empty
    }
    get length() {
      return this._data.length;
    }
    get wholeText() {
      return this._data;
    }
    cloneNode() {
      return this._type === 3 ? new Text(this._doc, this._data) : new Comment(this._doc, this._data);
    }
    remove() {
      if (this._parent) this._parent.removeChild(this);
    }
    get nextElementSibling() {
      return nextElement(this, 1);
    }
    get previousElementSibling() {
      return nextElement(this, -1);
    }
    toJSON() {
      return {};
    }
  }
  class Text extends CharacterData {
    constructor(doc, data) {
      super(doc, 3, data);
    }
    splitText(offset) {
      const rest = new Text(this._doc, this._data.slice(offset));
      this._data = this._data.slice(0, offset);
      if (this._parent) this._parent.insertBefore(rest, this.nextSibling);
      return rest;
    }
  }
  class Comment extends CharacterData {
    constructor(doc, data) {
      super(doc, 8, data);
    }
  }

  function nextElement(node, step) {
    const p = node._parent;
    if (!p) return null;
    const siblings = p._children;
    for (let i = siblings.indexOf(node) + step; i >= 0 && i < siblings.length; i += step) {
      if (siblings[i]._type === 1) return siblings[i];
    }
    return null;
  }

  // ---- Attributes -----------------------------------------------------------------------------
  class Attr {
    constructor(element, namespaceURI, prefix, localName, value) {
      this.ownerElement = element;
      this.namespaceURI = namespaceURI;
      this.prefix = prefix;
      this.localName = localName;
      this.value = value;
      this.specified = true;
      // The qualified name, stored: _findAttr compares it on every getAttribute, and neither
      // part ever changes after creation.
      this.name = prefix ? prefix + ":" + localName : localName;
    }
    get nodeName() {
      return this.name;
    }
    get nodeValue() {
      return this.value;
    }
    get nodeType() {
      return 2;
    }
    get textContent() {
      return this.value;
    }
  }

  class NamedNodeMap {
    constructor(element) {
      this._el = element;
    }
    get length() {
      return this._el._attrs.length;
    }
    item(i) {
      return this._el._attrs[i] || null;
    }
    getNamedItem(name) {
      return this._el.getAttributeNode(name);
    }
    getNamedItemNS(ns, local) {
      return this._el._attrs.find((a) => a.namespaceURI === (ns || null) && a.localName === local) || null;
    }
    removeNamedItem(name) {
      const a = this._el.getAttributeNode(name);
      if (a) this._el.removeAttribute(name);
      return a;
    }
    setNamedItem(attr) {
      this._el.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
      return null;
    }
    [Symbol.iterator]() {
      return this._el._attrs.slice()[Symbol.iterator]();
    }
  }
  // Numeric indexing (attributes[i]) through a proxy; length and methods go to the map.
  function attributesProxy(el) {
    return new Proxy(new NamedNodeMap(el), {
      get(target, prop, receiver) {
        if (typeof prop === "string" && prop.length && prop.charCodeAt(0) >= 48 && prop.charCodeAt(0) <= 57) {
          return target._el._attrs[Number(prop)];
        }
        return Reflect.get(target, prop, target);
      },
      getPrototypeOf() {
        return NamedNodeMap.prototype;
      },
    });
  }

  // ---- Element --------------------------------------------------------------------------------
  class Element extends Node {
    constructor(doc, ns, qualifiedName) {
      super(doc, 1);
      this._ns = ns;
      const colon = qualifiedName.indexOf(":");
      this._prefix = colon > 0 ? qualifiedName.slice(0, colon) : null;
      this._local = colon > 0 ? qualifiedName.slice(colon + 1) : qualifiedName;
      this._lname = this._local.toLowerCase();
      this._attrs = [];
      this._attrsProxy = null;
      this._style = null;
      this._classList = null;
      if (this._lname === "style") doc._styleElements.add(this);
    }
    get namespaceURI() {
      return this._ns;
    }
    get prefix() {
      return this._prefix;
    }
    get localName() {
      return this._local;
    }
    get tagName() {
      const q = this._prefix ? this._prefix + ":" + this._local : this._local;
      return this._ns === HTML_NS && this._doc._isHTML ? q.toUpperCase() : q;
    }
    get attributes() {
      if (!this._attrsProxy) this._attrsProxy = attributesProxy(this);
      return this._attrsProxy;
    }
    _findAttr(name) {
      const attrs = this._attrs;
      for (let i = 0; i < attrs.length; i++) if (attrs[i].name === name) return attrs[i];
      if (this._ns === HTML_NS && this._doc._isHTML) {
        const lower = name.toLowerCase();
        if (lower !== name) for (let i = 0; i < attrs.length; i++) if (attrs[i].name === lower) return attrs[i];
      }
      return null;
    }
    getAttribute(name) {
      const a = this._findAttr(String(name));
      return a ? a.value : null;
    }
    getAttributeNS(ns, local) {
      const a = this._attrs.find((x) => x.namespaceURI === (ns || null) && x.localName === local);
      return a ? a.value : null;
    }
    getAttributeNode(name) {
      return this._findAttr(String(name));
    }
    getAttributeNodeNS(ns, local) {
      return this._attrs.find((x) => x.namespaceURI === (ns || null) && x.localName === local) || null;
    }
    hasAttribute(name) {
      return this._findAttr(String(name)) !== null;
    }
    hasAttributeNS(ns, local) {
      return this.getAttributeNodeNS(ns, local) !== null;
    }
    hasAttributes() {
      return this._attrs.length > 0;
    }
    getAttributeNames() {
      return this._attrs.map((a) => a.name);
    }
    setAttribute(name, value) {
      name = String(name);
      if (this._ns === HTML_NS && this._doc._isHTML) name = name.toLowerCase();
      const v = String(value);
      const existing = this._findAttr(name);
      if (existing) existing.value = v;
      else {
        const colon = name.indexOf(":");
        let ns = null;
        if (colon > 0) {
          const prefix = name.slice(0, colon);
          ns = prefix === "xlink" ? XLINK_NS : prefix === "xml" ? XML_NS : prefix === "xmlns" ? XMLNS_NS : null;
        } else if (name === "xmlns") ns = XMLNS_NS;
        this._attrs.push(new Attr(this, ns, colon > 0 ? name.slice(0, colon) : null, colon > 0 ? name.slice(colon + 1) : name, v));
      }
      changed(this, styleReach(name));
    }
    setAttributeNS(ns, qualifiedName, value) {
      qualifiedName = String(qualifiedName);
      const colon = qualifiedName.indexOf(":");
      const prefix = colon > 0 ? qualifiedName.slice(0, colon) : null;
      const local = colon > 0 ? qualifiedName.slice(colon + 1) : qualifiedName;
      ns = ns || null;
      const existing = this._attrs.find((a) => a.namespaceURI === ns && a.localName === local);
      if (existing) existing.value = String(value);
      else this._attrs.push(new Attr(this, ns, prefix, local, String(value)));
      changed(this, styleReachOf(qualifiedName, local));
    }
    removeAttribute(name) {
      const a = this._findAttr(String(name));
      if (a) {
        this._attrs.splice(this._attrs.indexOf(a), 1);
        changed(this, styleReachOf(a.name, a.localName));
      }
    }
    removeAttributeNS(ns, local) {
      const a = this.getAttributeNodeNS(ns, local);
      if (a) {
        this._attrs.splice(this._attrs.indexOf(a), 1);
        changed(this, styleReachOf(a.name, a.localName));
      }
    }
    removeAttributeNode(attr) {
      const i = this._attrs.indexOf(attr);
      if (i < 0) {
        const err = new Error("The attribute is not owned by this element.");
        err.name = "NotFoundError";
        throw err;
      }
      this._attrs.splice(i, 1);
      changed(this, styleReachOf(attr.name, attr.localName));
      return attr;
    }
    setAttributeNode(attr) {
      this.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
      return null;
    }
    toggleAttribute(name, force) {
      const has = this.hasAttribute(name);
      if (has && force !== true) {
        this.removeAttribute(name);
        return false;
      }
      if (!has && force !== false) this.setAttribute(name, "");
      return true;
    }
    get id() {
      return this.getAttribute("id") || "";
    }
    set id(v) {
      this.setAttribute("id", v);
    }
    get className() {
      return this.getAttribute("class") || "";
    }
    set className(v) {
      this.setAttribute("class", v);
    }
    get classList() {
      if (!this._classList) this._classList = new DOMTokenList(this, "class");
      return this._classList;
    }
    get style() {
      if (!this._style) this._style = css.styleProxy(new css.CSSStyleDeclaration(this));
      return this._style;
    }
    set style(text) {
      this.setAttribute("style", text);
    }
    get dataset() {
      const el = this;
      return new Proxy(
        {},
        {
          get(t, prop) {
            if (typeof prop !== "string") return undefined;
            const v = el.getAttribute("data-" + css.camelToKebab(prop));
            return v === null ? undefined : v;
          },
          set(t, prop, value) {
            el.setAttribute("data-" + css.camelToKebab(String(prop)), value);
            return true;
          },
        },
      );
    }
    get children() {
      return this._children.filter((n) => n._type === 1);
    }
    get childElementCount() {
      let n = 0;
      for (const c of this._children) if (c._type === 1) n++;
      return n;
    }
    get firstElementChild() {
      for (const c of this._children) if (c._type === 1) return c;
      return null;
    }
    get lastElementChild() {
      for (let i = this._children.length - 1; i >= 0; i--) if (this._children[i]._type === 1) return this._children[i];
      return null;
    }
    get nextElementSibling() {
      return nextElement(this, 1);
    }
    get previousElementSibling() {
      return nextElement(this, -1);
    }
    get innerHTML() {
      const html = this._children.map((c) => serializeNode(c, this)).join("");
      if (this._lname === "body" && this._doc !== G.document) lastSerializedBody = { body: this, html, mutations: this._doc._mutations | 0 };
      lastSerializedChildren = { element: this, html, version: domVersion };
      return html;
    }
    set innerHTML(markup) {
      dropChildren(this);
      const text = markup === null || markup === undefined ? "" : String(markup);
      if (text === "") return;
      if (RAW_TEXT_ELEMENTS.has(this._lname) && this._ns === HTML_NS) {
        this.appendChild(this._doc.createTextNode(text));
        return;
      }
      const context = this._lname === "template" && this._content ? this._content : this;
      parseMarkupInto(context, text);
    }
    get outerHTML() {
      return serializeNode(this, this._parent);
    }
    set outerHTML(markup) {
      const parent = this._parent;
      if (!parent) return;
      const holder = this._doc.createElement("div");
      holder.innerHTML = markup;
      for (const c of holder._children.slice()) parent.insertBefore(c, this);
      parent.removeChild(this);
    }
    get innerText() {
      return this.textContent;
    }
    set innerText(v) {
      this.textContent = v;
    }
    insertAdjacentHTML(position, markup) {
      const holder = this._doc.createElement("div");
      holder.innerHTML = markup;
      const nodes = holder._children.slice();
      const where = String(position).toLowerCase();
      for (const n of nodes) {
        if (where === "beforebegin") this._parent && this._parent.insertBefore(n, this);
        else if (where === "afterbegin") this.insertBefore(n, this.firstChild);
        else if (where === "beforeend") this.appendChild(n);
        else if (where === "afterend") this._parent && this._parent.insertBefore(n, this.nextSibling);
      }
    }
    insertAdjacentElement(position, element) {
      const where = String(position).toLowerCase();
      if (where === "beforebegin") {
        if (!this._parent) return null;
        this._parent.insertBefore(element, this);
      } else if (where === "afterbegin") this.insertBefore(element, this.firstChild);
      else if (where === "beforeend") this.appendChild(element);
      else if (where === "afterend") {
        if (!this._parent) return null;
        this._parent.insertBefore(element, this.nextSibling);
      }
      return element;
    }
    insertAdjacentText(position, text) {
      this.insertAdjacentElement(position, this._doc.createTextNode(text));
    }
    cloneNode(deep) {
      const copy = this._doc._createElementRaw(this._ns, this._prefix ? this._prefix + ":" + this._local : this._local);
      for (const a of this._attrs) copy._attrs.push(new Attr(copy, a.namespaceURI, a.prefix, a.localName, a.value));
      if (deep) for (const c of this._children) copy.appendChild(c.cloneNode(true));
      if (this._content) copy._content = this._content.cloneNode(true);
      return copy;
    }
    remove() {
      if (this._parent) this._parent.removeChild(this);
    }
    append(...nodes) {
      for (const n of nodes) this.appendChild(typeof n === "string" ? this._doc.createTextNode(n) : n);
    }
    prepend(...nodes) {
      const first = this.firstChild;
      for (const n of nodes) this.insertBefore(typeof n === "string" ? this._doc.createTextNode(n) : n, first);
    }
    before(...nodes) {
      if (!this._parent) return;
      for (const n of nodes) this._parent.insertBefore(typeof n === "string" ? this._doc.createTextNode(n) : n, this);
    }
    after(...nodes) {
      if (!this._parent) return;
      const next = this.nextSibling;
      for (const n of nodes) this._parent.insertBefore(typeof n === "string" ? this._doc.createTextNode(n) : n, next);
    }
    replaceWith(...nodes) {
      if (!this._parent) return;
      this.before(...nodes);
      this.remove();
    }
    replaceChildren(...nodes) {
      dropChildren(this);
      this.append(...nodes);
    }
    matches(selector) {
      return selectors.compile(selector).match(this, null);
    }
    webkitMatchesSelector(selector) {
      return this.matches(selector);
    }
    closest(selector) {
      const compiled = selectors.compile(selector);
      for (let n = this; n && n._type === 1; n = n._parent) if (compiled.match(n, null)) return n;
      return null;
    }
    querySelector(selector) {
      return querySelectorIn(this, selector, true)[0] || null;
    }
    querySelectorAll(selector) {
      return querySelectorIn(this, selector, false);
    }
    getElementsByTagName(name) {
      return elementsByTagName(this, name);
    }
    getElementsByTagNameNS(ns, name) {
      return elementsByTagName(this, name).filter((e) => ns === "*" || e._ns === ns);
    }
    getElementsByClassName(names) {
      const wanted = String(names).split(/\s+/).filter(Boolean);
      return descendants(this).filter((e) => wanted.every((c) => e.classList.contains(c)));
    }
    getElementById(id) {
      return descendants(this).find((e) => e.getAttribute("id") === id) || null;
    }
    focus() {}
    blur() {}
    click() {}
    scrollIntoView() {}
    attachShadow() {
      throw new Error("shadow DOM is not supported");
    }
    toJSON() {
      return { tagName: this.tagName, id: this.id };
    }
    get content() {
      return this._content;
    }
    // d3-selection reads node.ownerDocument.defaultView for getComputedStyle.
    get isContentEditable() {
      return false;
    }
  }

  class DOMTokenList {
    constructor(el, attr) {
      this._el = el;
      this._attr = attr;
    }
    _tokens() {
      const v = this._el.getAttribute(this._attr);
      return v ? v.split(/\s+/).filter(Boolean) : [];
    }
    _set(tokens) {
      this._el.setAttribute(this._attr, tokens.join(" "));
    }
    get length() {
      return this._tokens().length;
    }
    get value() {
      return this._el.getAttribute(this._attr) || "";
    }
    item(i) {
      return this._tokens()[i] || null;
    }
    contains(token) {
      return this._tokens().includes(token);
    }
    add(...tokens) {
      const current = this._tokens();
      for (const t of tokens) if (!current.includes(t)) current.push(t);
      this._set(current);
    }
    remove(...tokens) {
      this._set(this._tokens().filter((t) => !tokens.includes(t)));
    }
    toggle(token, force) {
      const has = this.contains(token);
      if (has && force !== true) {
        this.remove(token);
        return false;
      }
      if (!has && force !== false) this.add(token);
      return force !== false && (!has || force === true);
    }
    replace(oldToken, newToken) {
      const tokens = this._tokens();
      const i = tokens.indexOf(oldToken);
      if (i < 0) return false;
      tokens[i] = newToken;
      this._set(tokens);
      return true;
    }
    forEach(fn) {
      this._tokens().forEach(fn);
    }
    toString() {
      return this.value;
    }
    [Symbol.iterator]() {
      return this._tokens()[Symbol.iterator]();
    }
  }

  function descendants(root) {
    const out = [];
    const stack = root._children.slice().reverse();
    while (stack.length) {
      const n = stack.pop();
      if (n._type !== 1) continue;
      out.push(n);
      for (let i = n._children.length - 1; i >= 0; i--) stack.push(n._children[i]);
    }
    return out;
  }

  function elementsByTagName(root, name) {
    const lower = String(name).toLowerCase();
    if (lower === "*") return descendants(root);
    return descendants(root).filter((e) => e._lname === lower);
  }

  function querySelectorIn(root, selector, firstOnly) {
    const compiled = selectors.compile(String(selector));
    const scope = root._type === 1 ? root : null;
    // Fast path for "#id" — the most common query by far.
    const idMatch = /^#([\w-]+)$/.exec(selector);
    const out = [];
    const stack = [];
    for (let i = root._children.length - 1; i >= 0; i--) stack.push(root._children[i]);
    while (stack.length) {
      const n = stack.pop();
      if (n._type !== 1) continue;
      if (idMatch ? n.getAttribute("id") === idMatch[1] : compiled.match(n, scope)) {
        out.push(n);
        if (firstOnly) return out;
      }
      for (let i = n._children.length - 1; i >= 0; i--) stack.push(n._children[i]);
    }
    return out;
  }

  // HTML element classes DOMPurify and d3 test with instanceof.
  class HTMLElement extends Element {
    get offsetWidth() {
      return G.__printerGeometry ? G.__printerGeometry.htmlBoxSize(this, "offset").width : 0;
    }
    get offsetHeight() {
      return G.__printerGeometry ? G.__printerGeometry.htmlBoxSize(this, "offset").height : 0;
    }
    get clientWidth() {
      return this.offsetWidth;
    }
    get clientHeight() {
      return this.offsetHeight;
    }
    get scrollWidth() {
      return G.__printerGeometry ? G.__printerGeometry.htmlBoxSize(this, "scroll").width : 0;
    }
    get scrollHeight() {
      return G.__printerGeometry ? G.__printerGeometry.htmlBoxSize(this, "scroll").height : 0;
    }
    get offsetLeft() {
      return 0;
    }
    get offsetTop() {
      return 0;
    }
  }
  class HTMLFormElement extends HTMLElement {}
  class HTMLTemplateElement extends HTMLElement {}
  class HTMLImageElement extends HTMLElement {
    get src() {
      return this.getAttribute("src") || "";
    }
    set src(v) {
      this.setAttribute("src", v);
    }
    get complete() {
      return true;
    }
    get naturalWidth() {
      return 0;
    }
    get naturalHeight() {
      return 0;
    }
  }
  // CSS `font` shorthand as a canvas reads it: [style] [variant] [weight] [stretch] size[/lh] family.
  const CANVAS_FONT_RE = /^\s*((?:(?:normal|italic|oblique|small-caps|bold|bolder|lighter|[1-9]00|(?:ultra-|extra-|semi-)?(?:condensed|expanded))\s+)*)(\d*\.?\d+)(px|pt)(?:\s*\/\s*\S+)?\s+(\S.*?)\s*$/i;
  function parseCanvasFont(text) {
    const m = CANVAS_FONT_RE.exec(String(text));
    if (!m) return null;
    const words = m[1].toLowerCase().split(/\s+/);
    const weight = words.find((w) => /^(bold|bolder|lighter|[1-9]00)$/.test(w)) || "normal";
    const style = words.find((w) => w === "italic" || w === "oblique") || "normal";
    const size = Number(m[2]) * (m[3].toLowerCase() === "pt" ? 4 / 3 : 1);
    return { family: m[4], size, weight, style };
  }
  class CanvasRenderingContext2D {
    constructor(canvas) {
      this.canvas = canvas;
      this._font = "10px sans-serif";
      this._parsed = parseCanvasFont(this._font);
    }
    get font() {
      return this._font;
    }
    set font(value) {
      const parsed = parseCanvasFont(value);
      if (!parsed) return; // an unparsable value leaves the font unchanged, as in a browser
      this._font = String(value).trim();
      this._parsed = parsed;
    }
    // Widths from the same tables as SVG text (ZenUML lays out with these; cytoscape asks too).
    measureText(text) {
      const m = G.__printerMeasureText(String(text), this._parsed);
      return {
        width: m.width,
        actualBoundingBoxLeft: -m.left,
        actualBoundingBoxRight: m.right,
        actualBoundingBoxAscent: m.ascent,
        actualBoundingBoxDescent: m.descent,
        fontBoundingBoxAscent: m.ascent,
        fontBoundingBoxDescent: m.descent,
      };
    }
    fillRect() {}
    clearRect() {}
    strokeRect() {}
    fillText() {}
    strokeText() {}
    save() {}
    restore() {}
    scale() {}
    rotate() {}
    translate() {}
    setTransform() {}
    resetTransform() {}
    beginPath() {}
    closePath() {}
    moveTo() {}
    lineTo() {}
    rect() {}
    arc() {}
    stroke() {}
    fill() {}
    clip() {}
  }
  class HTMLCanvasElement extends HTMLElement {
    getContext(kind) {
      return kind === "2d" ? new CanvasRenderingContext2D(this) : null;
    }
    toDataURL() {
      return "data:,";
    }
  }
  class HTMLStyleElement extends HTMLElement {
    get sheet() {
      const sheet = new G.CSSStyleSheet();
      sheet.replaceSync(this.textContent);
      return sheet;
    }
  }
  class SVGElement extends Element {
    get ownerSVGElement() {
      for (let n = this._parent; n && n._type === 1; n = n._parent) if (n._lname === "svg") return n;
      return null;
    }
    get viewportElement() {
      return this.ownerSVGElement;
    }
  }
  class SVGGraphicsElement extends SVGElement {}
  class SVGSVGElement extends SVGGraphicsElement {}
  class SVGTextContentElement extends SVGGraphicsElement {}

  const HTML_CLASSES = { form: HTMLFormElement, template: HTMLTemplateElement, img: HTMLImageElement, canvas: HTMLCanvasElement, style: HTMLStyleElement };

  // ---- DocumentFragment, DocumentType ---------------------------------------------------------
  class DocumentFragment extends Node {
    constructor(doc) {
      super(doc, 11);
    }
    get children() {
      return this._children.filter((n) => n._type === 1);
    }
    get firstElementChild() {
      return this.children[0] || null;
    }
    get childElementCount() {
      return this.children.length;
    }
    cloneNode(deep) {
      const copy = new DocumentFragment(this._doc);
      if (deep) for (const c of this._children) copy.appendChild(c.cloneNode(true));
      return copy;
    }
    querySelector(s) {
      return querySelectorIn(this, s, true)[0] || null;
    }
    querySelectorAll(s) {
      return querySelectorIn(this, s, false);
    }
    getElementById(id) {
      return descendants(this).find((e) => e.getAttribute("id") === id) || null;
    }
    append(...nodes) {
      for (const n of nodes) this.appendChild(typeof n === "string" ? this._doc.createTextNode(n) : n);
    }
    get innerHTML() {
      return this._children.map((c) => serializeNode(c, this)).join("");
    }
  }

  class DocumentType extends Node {
    constructor(doc, name) {
      super(doc, 10);
      this.name = name;
    }
    cloneNode() {
      return new DocumentType(this._doc, this.name);
    }
  }

  // ---- Document -------------------------------------------------------------------------------
  class Document extends Node {
    constructor(isHTML) {
      super(null, 9);
      this._doc = this;
      this._isHTML = isHTML !== false;
      this._styleElements = new Set();
      this.defaultView = G;
      this.readyState = "complete";
      this.cookie = "";
      this.referrer = "";
      this.title = "";
      this.fonts = {
        ready: Promise.resolve(),
        load: () => Promise.resolve([]),
        check: () => true,
        add() {},
        forEach() {},
        [Symbol.iterator]: function* () {},
      };
      this.implementation = {
        createHTMLDocument: (title) => createHTMLDocument(title),
        createDocument: (ns, qualifiedName) => {
          const d = new Document(false);
          if (qualifiedName) d.appendChild(d.createElementNS(ns, qualifiedName));
          return d;
        },
        createDocumentType: (name) => new DocumentType(this, name),
        hasFeature: () => true,
      };
    }
    get documentElement() {
      return this._children.find((n) => n._type === 1) || null;
    }
    get head() {
      const html = this.documentElement;
      return html ? html._children.find((n) => n._lname === "head") || null : null;
    }
    get body() {
      const html = this.documentElement;
      return html ? html._children.find((n) => n._lname === "body") || null : null;
    }
    get location() {
      return G.location;
    }
    get activeElement() {
      return this.body;
    }
    get contentType() {
      return this._isHTML ? "text/html" : "application/xml";
    }
    _createElementRaw(ns, qualifiedName) {
      if (ns === HTML_NS) {
        const Cls = HTML_CLASSES[qualifiedName.toLowerCase()] || HTMLElement;
        return new Cls(this, ns, qualifiedName);
      }
      if (ns === SVG_NS) {
        const lower = qualifiedName.toLowerCase();
        const Cls = lower === "svg" ? SVGSVGElement : lower === "text" || lower === "tspan" || lower === "textpath" ? SVGTextContentElement : SVGGraphicsElement;
        return new Cls(this, ns, qualifiedName);
      }
      return new Element(this, ns || null, qualifiedName);
    }
    createElement(name) {
      const n = String(name);
      return this._createElementRaw(HTML_NS, this._isHTML ? n.toLowerCase() : n);
    }
    createElementNS(ns, qualifiedName) {
      return this._createElementRaw(ns || null, String(qualifiedName));
    }
    createTextNode(data) {
      return new Text(this, data);
    }
    createComment(data) {
      return new Comment(this, data);
    }
    createCDATASection(data) {
      return new Text(this, data);
    }
    createDocumentFragment() {
      return new DocumentFragment(this);
    }
    createAttribute(name) {
      return new Attr(null, null, null, name, "");
    }
    createEvent() {
      return new G.Event("");
    }
    createRange() {
      return {
        selectNodeContents() {},
        setStart() {},
        setEnd() {},
        createContextualFragment: (markup) => {
          const frag = new DocumentFragment(this);
          const holder = this.createElement("div");
          holder.innerHTML = markup;
          for (const c of holder._children.slice()) frag.appendChild(c);
          return frag;
        },
        getBoundingClientRect: () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0 }),
      };
    }
    createNodeIterator(root, whatToShow, filter) {
      return new NodeIterator(root, whatToShow === undefined ? 0xffffffff : whatToShow, filter || null);
    }
    createTreeWalker(root, whatToShow, filter) {
      return new NodeIterator(root, whatToShow === undefined ? 0xffffffff : whatToShow, filter || null);
    }
    importNode(node, deep) {
      const copy = node.cloneNode(!!deep);
      adoptTree(copy, this);
      return copy;
    }
    adoptNode(node) {
      if (node._parent) node._parent.removeChild(node);
      adoptTree(node, this);
      return node;
    }
    getElementById(id) {
      const s = String(id);
      const stack = this._children.slice();
      while (stack.length) {
        const n = stack.pop();
        if (n._type !== 1) continue;
        if (n.getAttribute("id") === s) return n;
        for (let i = n._children.length - 1; i >= 0; i--) stack.push(n._children[i]);
      }
      return null;
    }
    getElementsByTagName(name) {
      return elementsByTagName(this, name);
    }
    getElementsByClassName(names) {
      const wanted = String(names).split(/\s+/).filter(Boolean);
      return descendants(this).filter((e) => wanted.every((c) => e.classList.contains(c)));
    }
    getElementsByName(name) {
      return descendants(this).filter((e) => e.getAttribute("name") === name);
    }
    querySelector(s) {
      return querySelectorIn(this, s, true)[0] || null;
    }
    querySelectorAll(s) {
      return querySelectorIn(this, s, false);
    }
    addEventListener() {}
    removeEventListener() {}
    hasFocus() {
      return false;
    }
    write() {}
    open() {
      return this;
    }
    close() {}
  }

  function createHTMLDocument(title) {
    const doc = new Document(true);
    doc.appendChild(new DocumentType(doc, "html"));
    const html = doc.createElement("html");
    doc.appendChild(html);
    const head = doc.createElement("head");
    html.appendChild(head);
    if (title !== undefined) {
      const t = doc.createElement("title");
      t.textContent = title;
      head.appendChild(t);
    }
    html.appendChild(doc.createElement("body"));
    return doc;
  }

  // ---- NodeIterator (live under removal) ------------------------------------------------------
  const NodeFilter = {
    FILTER_ACCEPT: 1,
    FILTER_REJECT: 2,
    FILTER_SKIP: 3,
    SHOW_ALL: 0xffffffff,
    SHOW_ELEMENT: 0x1,
    SHOW_ATTRIBUTE: 0x2,
    SHOW_TEXT: 0x4,
    SHOW_CDATA_SECTION: 0x8,
    SHOW_PROCESSING_INSTRUCTION: 0x40,
    SHOW_COMMENT: 0x80,
    SHOW_DOCUMENT: 0x100,
    SHOW_DOCUMENT_TYPE: 0x200,
    SHOW_DOCUMENT_FRAGMENT: 0x400,
  };

  function following(node, root) {
    if (node._children.length) return node._children[0];
    for (let n = node; n && n !== root; n = n._parent) {
      const p = n._parent;
      if (!p) return null;
      const next = p._children[p._children.indexOf(n) + 1];
      if (next) return next;
    }
    return null;
  }
  function preceding(node, root) {
    if (node === root) return null;
    const p = node._parent;
    if (!p) return null;
    const i = p._children.indexOf(node);
    if (i === 0) return p;
    let n = p._children[i - 1];
    while (n._children.length) n = n._children[n._children.length - 1];
    return n;
  }

  class NodeIterator {
    constructor(root, whatToShow, filter) {
      this.root = root;
      this.whatToShow = whatToShow;
      this.filter = filter;
      this._ref = root;
      this._beforeRef = true;
      this.currentNode = root;
      liveIterators.add(this);
      // Bound how many iterators stay live: an abandoned one would otherwise slow removals.
      if (liveIterators.size > 32) liveIterators.delete(liveIterators.values().next().value);
    }
    get referenceNode() {
      return this._ref;
    }
    _accept(node) {
      const bit = 1 << (node._type - 1);
      if (!(this.whatToShow & bit)) return NodeFilter.FILTER_SKIP;
      if (!this.filter) return NodeFilter.FILTER_ACCEPT;
      const fn = typeof this.filter === "function" ? this.filter : this.filter.acceptNode;
      return fn.call(this.filter, node);
    }
    nextNode() {
      let node = this._ref;
      let before = this._beforeRef;
      for (;;) {
        if (!before) {
          node = following(node, this.root);
          if (!node) return null;
        }
        before = false;
        if (this._accept(node) === NodeFilter.FILTER_ACCEPT) {
          this._ref = node;
          this._beforeRef = false;
          this.currentNode = node;
          return node;
        }
      }
    }
    previousNode() {
      let node = this._ref;
      let before = this._beforeRef;
      for (;;) {
        if (before) {
          node = preceding(node, this.root);
          if (!node) return null;
        }
        before = true;
        if (this._accept(node) === NodeFilter.FILTER_ACCEPT) {
          this._ref = node;
          this._beforeRef = true;
          this.currentNode = node;
          return node;
        }
      }
    }
    detach() {
      liveIterators.delete(this);
    }
    // The DOM's "pre-removing steps": keep the reference inside the tree.
    _onRemove(parent, child, index) {
      if (!child.contains(this._ref) || child.contains(this.root)) return;
      if (this._beforeRef) {
        // The next node after the removed subtree, if any, becomes the reference.
        let next = parent._children[index] || null;
        if (!next) {
          for (let n = parent; n && n !== this.root; n = n._parent) {
            const p = n._parent;
            if (!p) break;
            const s = p._children[p._children.indexOf(n) + 1];
            if (s) {
              next = s;
              break;
            }
          }
        }
        if (next) {
          this._ref = next;
          return;
        }
        this._beforeRef = false;
      }
      // Otherwise the node just before the removed subtree.
      let prev = index > 0 ? parent._children[index - 1] : parent;
      while (prev !== parent && prev._children.length) prev = prev._children[prev._children.length - 1];
      this._ref = prev;
    }
  }

  // ---- markup parsing -------------------------------------------------------------------------
  const NAMED_ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", copy: "\u00a9", reg: "\u00ae", hellip: "\u2026", mdash: "\u2014", ndash: "\u2013", laquo: "\u00ab", raquo: "\u00bb", bull: "\u2022", middot: "\u00b7", times: "\u00d7", divide: "\u00f7", deg: "\u00b0", plusmn: "\u00b1", larr: "\u2190", rarr: "\u2192", uarr: "\u2191", darr: "\u2193", harr: "\u2194", lsquo: "\u2018", rsquo: "\u2019", ldquo: "\u201c", rdquo: "\u201d", euro: "\u20ac", pound: "\u00a3", yen: "\u00a5", cent: "\u00a2", sect: "\u00a7", para: "\u00b6", trade: "\u2122", alpha: "\u03b1", beta: "\u03b2", gamma: "\u03b3", delta: "\u03b4", lambda: "\u03bb", mu: "\u03bc", pi: "\u03c0", sigma: "\u03c3", omega: "\u03c9", le: "\u2264", ge: "\u2265", ne: "\u2260", infin: "\u221e", check: "\u2713", hearts: "\u2665", nbhy: "\u2011", shy: "\u00ad", zwj: "\u200d", zwnj: "\u200c", ensp: "\u2002", emsp: "\u2003", thinsp: "\u2009" };

  function decodeEntities(text) {
    if (text.indexOf("&") < 0) return text;
    return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);?/g, (m, body) => {
      if (body[0] === "#") {
        const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
        if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
        return String.fromCodePoint(code);
      }
      const v = NAMED_ENTITIES[body] ?? NAMED_ENTITIES[body.toLowerCase()];
      return v !== undefined && (m.endsWith(";") || body in NAMED_ENTITIES) ? v : m;
    });
  }

  const SVG_TAG_CASE = {};
  for (const name of ["altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform", "clipPath", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence", "foreignObject", "glyphRef", "linearGradient", "radialGradient", "textPath"]) {
    SVG_TAG_CASE[name.toLowerCase()] = name;
  }

  // The steps of parseMarkupInto that make nodes, shared with rebuildSerialized (below), which
  // makes the same nodes from a tree instead of from its markup.
  const nsOfParsed = (node) => (node._type === 1 ? node._ns : HTML_NS);
  // Text read under `parent`: joined to a text node that ends its children, as HTML does.
  function appendParsedText(parent, text) {
    if (!text) return;
    const last = parent._children[parent._children.length - 1];
    if (last && last._type === 3) last._data += text;
    else parent.appendChild(parent._doc.createTextNode(text));
  }
  // The element a start tag named `rawName` makes under `parent` (not yet appended), with its
  // attributes: `attrs` holds [name, decoded value] pairs, the first of each name.
  // The namespace of an element named `lname` (lower case) under a parent of namespace
  // `parentNs` and lower-case name `parentLname`: <svg> and <math> switch to theirs, the content
  // of an SVG <foreignObject> is HTML, anything else stays in its parent's.
  function parsedNamespace(parentNs, parentLname, lname) {
    if (lname === "svg") return SVG_NS;
    if (lname === "math") return MATHML_NS;
    if (parentNs === SVG_NS && parentLname === "foreignobject") return HTML_NS;
    return parentNs;
  }
  function parsedElement(parent, rawName, attrs) {
    const parentNs = nsOfParsed(parent);
    const lname = rawName.toLowerCase();
    const ns = parsedNamespace(parentNs, parent._lname, lname);
    let qualified = ns === SVG_NS ? SVG_TAG_CASE[lname] || rawName : ns === HTML_NS ? lname : rawName;
    if (ns === HTML_NS && parentNs !== HTML_NS && parent._lname !== "foreignobject") {
      qualified = rawName;
    }
    const el = parent._doc._createElementRaw(ns, qualified);
    for (let k = 0; k < attrs.length; k++) {
      const name = attrs[k][0];
      const value = attrs[k][1];
      const attrName = ns === HTML_NS ? name.toLowerCase() : name;
      if (attrName.startsWith("xlink:")) el.setAttributeNS(XLINK_NS, attrName, value);
      else if (attrName === "xmlns" || attrName.startsWith("xmlns:")) el.setAttributeNS(XMLNS_NS, attrName, value);
      else if (attrName.startsWith("xml:")) el.setAttributeNS(XML_NS, attrName, value);
      else el._attrs.push(new Attr(el, null, null, attrName, value));
    }
    if (lname === "template" && ns === HTML_NS) {
      el._content = new DocumentFragment(parent._doc);
      el._content._templateHost = el;
    }
    return el;
  }

  // Parses HTML-ish markup (as a browser's innerHTML/DOMParser would for the markup Mermaid and
  // DOMPurify handle) into `parent`. <svg> and <math> switch to their namespaces; in them,
  // `/>` self-closes and tag case is kept; in HTML, void elements close themselves.
  function parseMarkupInto(parent, markup) {
    const stack = [parent];
    let i = 0;
    const n = markup.length;
    const top = () => stack[stack.length - 1];
    const appendText = (text) => appendParsedText(top(), text);
    while (i < n) {
      const lt = markup.indexOf("<", i);
      if (lt < 0) {
        appendText(decodeEntities(markup.slice(i)));
        break;
      }
      if (lt > i) appendText(decodeEntities(markup.slice(i, lt)));
      i = lt;
      if (markup.startsWith("<!--", i)) {
        const end = markup.indexOf("-->", i + 4);
        const data = markup.slice(i + 4, end < 0 ? n : end);
        top().appendChild(parent._doc.createComment(data));
        i = end < 0 ? n : end + 3;
        continue;
      }
      if (markup.startsWith("<![CDATA[", i) && nsOfParsed(top()) !== HTML_NS) {
        const end = markup.indexOf("]]>", i);
        appendText(markup.slice(i + 9, end < 0 ? n : end));
        i = end < 0 ? n : end + 3;
        continue;
      }
      if (markup[i + 1] === "!" || markup[i + 1] === "?") {
        // DOCTYPE, processing instruction or bogus comment: kept as a comment, as HTML does.
        const end = markup.indexOf(">", i);
        if (markup[i + 1] === "?" || !/^<!doctype/i.test(markup.slice(i, i + 9))) {
          top().appendChild(parent._doc.createComment(markup.slice(i + 2, end < 0 ? n : end)));
        }
        i = end < 0 ? n : end + 1;
        continue;
      }
      if (markup[i + 1] === "/") {
        const m = /^<\/([a-zA-Z][^\s/>]*)\s*>/.exec(markup.slice(i, i + 200));
        if (!m) {
          // "</" not followed by a tag name: a bogus comment in HTML.
          const end = markup.indexOf(">", i);
          i = end < 0 ? n : end + 1;
          continue;
        }
        const lname = m[1].toLowerCase();
        for (let s = stack.length - 1; s > 0; s--) {
          // a <template>'s children go into its content fragment, which is what the stack holds
          const open = stack[s]._templateHost || stack[s];
          if (open._lname === lname) {
            stack.length = s;
            break;
          }
        }
        i += m[0].length;
        continue;
      }
      const tag = /^<([a-zA-Z][^\s/>]*)/.exec(markup.slice(i, i + 200));
      if (!tag) {
        appendText("<");
        i++;
        continue;
      }
      // attributes
      let j = i + tag[0].length;
      const attrs = [];
      let selfClosing = false;
      for (;;) {
        while (j < n && /[\s/]/.test(markup[j])) {
          if (markup[j] === "/" && markup[j + 1] === ">") {
            selfClosing = true;
            j++;
            break;
          }
          j++;
        }
        if (j >= n) break;
        if (markup[j] === ">") {
          j++;
          break;
        }
        const nameMatch = /^[^\s/>=][^\s/>=]*/.exec(markup.slice(j, j + 500));
        if (!nameMatch) {
          j++;
          continue;
        }
        const attrName = nameMatch[0];
        j += attrName.length;
        while (j < n && /\s/.test(markup[j])) j++;
        let value = "";
        if (markup[j] === "=") {
          j++;
          while (j < n && /\s/.test(markup[j])) j++;
          const q = markup[j];
          if (q === '"' || q === "'") {
            const end = markup.indexOf(q, j + 1);
            value = markup.slice(j + 1, end < 0 ? n : end);
            j = end < 0 ? n : end + 1;
          } else {
            const m = /^[^\s>]*/.exec(markup.slice(j));
            value = m[0];
            j += value.length;
          }
        }
        if (!attrs.some((a) => a[0] === attrName)) attrs.push([attrName, decodeEntities(value)]);
      }
      const el = parsedElement(top(), tag[1], attrs);
      const ns = el._ns;
      const lname = tag[1].toLowerCase();
      top().appendChild(el);
      i = j;
      if (ns === HTML_NS && VOID_ELEMENTS.has(lname)) continue;
      if (selfClosing && ns !== HTML_NS) continue;
      if (ns === HTML_NS && RAW_TEXT_ELEMENTS.has(lname)) {
        const close = new RegExp("</" + lname + "\\s*>", "i").exec(markup.slice(i));
        const raw = markup.slice(i, close ? i + close.index : n);
        if (raw) el.appendChild(parent._doc.createTextNode(lname === "textarea" || lname === "title" ? decodeEntities(raw) : raw));
        i = close ? i + close.index + close[0].length : n;
        continue;
      }
      stack.push(el._content || el);
    }
  }

  // ---- a serialized tree, parsed without its markup -------------------------------------------
  // DOMPurify reads the SVG Mermaid hands it as markup: Mermaid serializes its drawing
  // (`innerHTML`) and DOMPurify parses that string into a new document (DOMParser), about a
  // third of DOMPurify's pass (benchmarks/RESULTS.md, "DOM shim"). When the markup
  // is the one an element's `innerHTML` gave last and nothing changed since, the tree it was
  // written from is read instead: rebuildSerialized makes, node by node and in the same order,
  // the nodes parseMarkupInto makes from that markup, through the same steps (parsedElement,
  // appendParsedText), from what serializeNode wrote as the parser decodes it:
  //   - a text node: its data as written (escapeText, or raw in an HTML raw-text element) and
  //     decoded (decodeEntities): xmlChars(data);
  //   - an element: its name (serializeNode writes `_local`), with the namespace and case the
  //     parser gives it where it stands (an HTML <style> Mermaid puts in its <svg> is read as an
  //     SVG one), and its attributes in order, each name as written and its value as written
  //     (escapeAttr) and decoded: xmlChars(value).
  // It declines, and the markup is parsed, wherever the parser would read the markup as other
  // nodes or another nesting (serializableAsParsed): a node that is not an element or text
  // (comments are rewritten, CDATA is not written), a prefixed element or a template, a tag or
  // attribute name the parser's patterns read otherwise, raw text holding "<" or "&" (it would
  // be read as markup), an element read as an HTML raw-text element, as an HTML void element
  // that has children or an end tag, or as another HTML element written closed with "/>".
  const PARSED_TAG_NAME = /^[a-zA-Z][^\s/>:]*$/;
  const PARSED_ATTR_NAME = /^[^\s/>=]+$/;
  // The parser's patterns for names look at 200 (tags) and 500 (attributes) characters.
  const LONGEST_TAG_NAME = 150;
  const LONGEST_ATTR_NAME = 400;
  const MARKUP_IN_RAW_TEXT = /[<&]/;
  // Names already read as the parser reads them (a drawing repeats a few dozen names thousands
  // of times; a lookup costs a fraction of a regular expression's test under QuickJS). Bounded.
  const parsedTagNames = new Set();
  const parsedAttrNames = new Set();
  const KEPT_NAMES = 4096;
  function readAsName(name, pattern, longest, known) {
    if (known.has(name)) return true;
    if (name.length > longest || !pattern.test(name)) return false;
    if (known.size >= KEPT_NAMES) known.clear();
    known.add(name);
    return true;
  }

  // Whether parsing the markup serializeNode writes for `nodes`, the children of an element it
  // wrote (`writtenRaw`: an HTML raw-text element, whose text is written unescaped), under a
  // parent the parser made with namespace `parentNs` and lower-case name `parentLname`, makes
  // exactly what rebuildSerialized makes of them.
  function serializableAsParsed(nodes, parentNs, parentLname, writtenRaw) {
    for (const node of nodes) {
      if (node._type === 3) {
        if (writtenRaw && MARKUP_IN_RAW_TEXT.test(node._data)) return false;
        continue;
      }
      if (node._type !== 1 || node._content || node._prefix) return false;
      const name = node._local;
      if (!readAsName(name, PARSED_TAG_NAME, LONGEST_TAG_NAME, parsedTagNames)) return false;
      const lname = node._lname;
      const ns = parsedNamespace(parentNs, parentLname, lname);
      const kids = node._children;
      const writtenHtml = node._ns === HTML_NS;
      // serializeNode closes an empty element with "/>" unless it is a non-void HTML one
      const selfClosed = kids.length === 0 && !(writtenHtml && !VOID_ELEMENTS.has(lname));
      if (ns === HTML_NS) {
        if (RAW_TEXT_ELEMENTS.has(lname) || lname === "template") return false;
        // the parser never opens a void element, and "/>" closes no other HTML element
        if (VOID_ELEMENTS.has(lname) !== selfClosed) return false;
      }
      const attrs = node._attrs;
      for (let k = 0; k < attrs.length; k++) {
        if (!readAsName(attrs[k].name, PARSED_ATTR_NAME, LONGEST_ATTR_NAME, parsedAttrNames)) return false;
      }
      if (!serializableAsParsed(kids, ns, lname, writesRawText(node))) return false;
    }
    return true;
  }

  function rebuildSerialized(parent, nodes) {
    for (const node of nodes) {
      if (node._type === 3) {
        appendParsedText(parent, xmlChars(node._data));
        continue;
      }
      // the parser keeps the first attribute of each name
      const written = node._attrs;
      const attrs = [];
      for (let k = 0; k < written.length; k++) {
        const name = written[k].name;
        let first = true;
        for (let m = 0; m < k && first; m++) first = written[m].name !== name;
        if (first) attrs.push([name, xmlChars(written[k].value)]);
      }
      const el = parsedElement(parent, node._local, attrs);
      parent.appendChild(el);
      rebuildSerialized(el, node._children);
    }
  }

  // The element whose `innerHTML` was read last, the markup it gave, and the DOM's version then.
  let lastSerializedChildren = null;
  // The element whose children `markup` was written from, if it is the markup its `innerHTML`
  // gave last, nothing changed since, and it parses (into a new document's <body>) as the tree
  // does; else null. Asked before the new document is made (making it changes the DOM's version).
  function serializedChildren(markup) {
    const last = lastSerializedChildren;
    lastSerializedChildren = null;
    if (last === null || last.version !== domVersion || last.html !== markup) return null;
    const from = last.element;
    if (from._content) return null;
    return serializableAsParsed(from._children, HTML_NS, "body", writesRawText(from)) ? from : null;
  }

  // ---- serialization --------------------------------------------------------------------------
  // Characters XML 1.0 cannot hold, even as references: C0 controls but tab, newline and
  // carriage return; U+FFFE, U+FFFF; unpaired surrogates. A browser draws a label holding one
  // (as nothing, or a replacement glyph), so they are left out rather than the SVG refused.
  const NOT_XML_CHARS = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  // Every match of NOT_XML_CHARS holds one of these: a string without any is returned as it is,
  // unsearched (one character class is tried at each position instead of three alternatives
  // and a lookbehind, several times faster on a mind map's text).
  const MAYBE_NOT_XML_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
  function xmlChars(s) {
    return MAYBE_NOT_XML_CHAR.test(s) ? s.replace(NOT_XML_CHARS, "") : s;
  }
  // A text or attribute value without any character that is escaped or left out is written as
  // it is, unsearched (one test instead of two searches; most values hold none).
  const MAYBE_CHANGED_TEXT = /[&<>\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
  const MAYBE_CHANGED_ATTR = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
  function escapeText(s) {
    if (!MAYBE_CHANGED_TEXT.test(s)) return s;
    return xmlChars(s).replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
  }
  function escapeAttr(s) {
    if (!MAYBE_CHANGED_ATTR.test(s)) return s;
    return xmlChars(s).replace(/[&<>"]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&quot;"));
  }

  // Whether serializeNode writes the text in `el` as it is (an HTML raw-text element; textarea
  // and title text is escaped).
  function writesRawText(el) {
    return el._type === 1 && el._ns === HTML_NS && RAW_TEXT_ELEMENTS.has(el._lname) && el._lname !== "textarea" && el._lname !== "title";
  }

  // Serializes like a browser's innerHTML, except that the result is always well-formed XML:
  // void and empty elements close with "/>", text is escaped, U+00A0 stays a character, and
  // characters XML cannot hold are left out.
  function serializeNode(node, parent) {
    switch (node._type) {
      case 3: {
        const p = parent || node._parent;
        if (p && writesRawText(p)) return xmlChars(node._data);
        return escapeText(node._data);
      }
      case 8:
        // "--" may not appear in an XML comment (the sanitizer removes comments anyway).
        return "<!--" + xmlChars(node._data).replace(/--/g, "- -").replace(/-$/, "- ") + "-->";
      case 10:
        return "<!DOCTYPE " + node.name + ">";
      case 11:
      case 9:
        return node._children.map((c) => serializeNode(c, node)).join("");
      case 1: {
        const name = node._prefix ? node._prefix + ":" + node._local : node._local;
        let out = "<" + name;
        for (const a of node._attrs) out += " " + a.name + '="' + escapeAttr(a.value) + '"';
        const kids = node._content ? node._content._children : node._children;
        if (kids.length === 0) {
          if (node._ns === HTML_NS && !VOID_ELEMENTS.has(node._lname)) return out + "></" + name + ">";
          return out + "/>";
        }
        out += ">";
        for (const c of kids) out += serializeNode(c, node);
        return out + "</" + name + ">";
      }
    }
    return "";
  }

  class DOMParser {
    parseFromString(markup, type) {
      const mime = String(type || "text/html").toLowerCase();
      if (mime === "text/html") {
        let text = String(markup);
        const bodyMatch = /^\s*(?:<!doctype[^>]*>)?\s*(?:<html[^>]*>)?\s*(?:<head[^>]*>([\s\S]*?)<\/head>)?\s*<body[^>]*>([\s\S]*?)(?:<\/body>\s*(?:<\/html>)?\s*)?$/i.exec(text);
        const written = bodyMatch ? null : serializedChildren(text);
        const doc = createHTMLDocument();
        if (written !== null) {
          rebuildSerialized(doc.body, written._children);
          return doc;
        }
        if (bodyMatch) text = bodyMatch[2];
        parseMarkupInto(doc.body, text);
        return doc;
      }
      const doc = new Document(false);
      parseMarkupInto(doc, String(markup));
      return doc;
    }
  }

  class XMLSerializer {
    serializeToString(node) {
      return serializeNode(node, null);
    }
  }

  // ---- the global document ------------------------------------------------------------------
  const document = createHTMLDocument("mermaid-printer");
  G.document = document;
  G.Node = Node;
  G.CharacterData = CharacterData;
  G.Text = Text;
  G.Comment = Comment;
  G.Attr = Attr;
  G.NamedNodeMap = NamedNodeMap;
  G.Element = Element;
  G.HTMLElement = HTMLElement;
  G.HTMLFormElement = HTMLFormElement;
  G.HTMLTemplateElement = HTMLTemplateElement;
  G.HTMLImageElement = HTMLImageElement;
  G.HTMLCanvasElement = HTMLCanvasElement;
  G.HTMLStyleElement = HTMLStyleElement;
  G.HTMLDivElement = HTMLElement;
  G.HTMLSpanElement = HTMLElement;
  G.SVGElement = SVGElement;
  G.SVGGraphicsElement = SVGGraphicsElement;
  G.SVGSVGElement = SVGSVGElement;
  G.SVGTextContentElement = SVGTextContentElement;
  G.DocumentFragment = DocumentFragment;
  G.DocumentType = DocumentType;
  G.Document = Document;
  G.HTMLDocument = Document;
  G.XMLDocument = Document;
  G.DOMParser = DOMParser;
  G.XMLSerializer = XMLSerializer;
  G.NodeFilter = NodeFilter;
  G.NodeIterator = NodeIterator;
  G.DOMTokenList = DOMTokenList;
  G.EventTarget = EventTarget;
  G.Image = class Image extends HTMLImageElement {
    constructor() {
      super(document, HTML_NS, "img");
    }
  };
  G.__printerDom = {
    SVG_NS,
    HTML_NS,
    serializeNode,
    decodeEntities,
    xmlChars,
    serializedBody,
    // An element's attributes in order, each {name, value}: the element's own list, to read
    // without a copy (a walk over every attribute of a drawing: getAttributeNames and
    // getAttribute cost a call per attribute, which showed in mind-map profiles). Never change it.
    attributesOf: (el) => el._attrs,
    version: () => domVersion,
    styleVersion: () => styleVersion,
    sheetVersion: () => sheetVersion,
    styleStamp,
    freshDocument() {
      const doc = createHTMLDocument("mermaid-printer");
      G.document = doc;
      return doc;
    },
  };
})();
