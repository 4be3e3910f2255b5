// fast_paths.js — faster equivalents of markmap-view code that is slow only in an interpreter.
//
// Serves: the load-time transforms of markmap-view (mermaid_printer/bundles/markmap/transforms.py),
// which call into globalThis.__printerMarkmapFastPaths where the vendored code would do the slow
// thing. Loaded right before markmap-view.js, and only when the transforms are on. Each function
// here computes exactly what the code it stands in for computes and says when it applies;
// otherwise markmap-view's own code runs.
//
// transitionAtOnce(selection): what d3-transition does for a transition of duration 0, without
// its scheduler. markmap-view draws every change through `selection.transition().duration(d)`;
// a static print sets d to 0. d3 then, at the first timer frame after the drawing code has run:
//   1. starts every transition's nodes, in the order their schedules were made (transition by
//      transition, node by node): each tween made by .attr()/.style() reads the node's current
//      value and makes an interpolator from it to the target (none when they are equal);
//   2. ticks every started node once, in the same order, at t = 1 (elapsed 0 is not below a
//      duration of 0): each interpolator's value at 1 is set; then the "end" of each node runs
//      (.remove() removes the node).
// The target values of function arguments are evaluated when .attr()/.style() is called, as
// d3's tweenValue does. The interpolators are d3's own (d3-transition's choice among
// interpolateNumber / interpolateRgb / interpolateString, interpolateTransformSvg for
// "transform"), so the values set are the ones d3 sets, in the same order, at the same frame.
// Leaves out: everything else a transition offers: .call(), .end(), .on() and .tween() go to a
// real d3 transition of the selection made at that point (markmap-view's fit() hands one to
// d3-zoom); the rest is not there. Applies only while no node of the selection already waits
// for a start here (d3 would interrupt one transition with another).
"use strict";
(function () {
  const G = globalThis;

  // Nodes waiting for their start, in schedule order: {node, tweens: [start -> tick | null], remove}.
  let waiting = [];
  const waitingNodes = new Set();
  let frameRequested = false;

  // d3-transition's interpolate(a, b) for attributes and styles other than transform.
  function interpolateFor(a, b) {
    const d3 = G.d3;
    if (typeof b === "number") return d3.interpolateNumber(a, b);
    if (b instanceof d3.color) return d3.interpolateRgb(a, b);
    const c = d3.color(b);
    return c ? d3.interpolateRgb(a, c) : d3.interpolateString(a, b);
  }

  function runFrame() {
    frameRequested = false;
    const started = waiting;
    waiting = [];
    waitingNodes.clear();
    // 1. every start, in schedule order
    const ticks = started.map((entry) => entry.tweens.map((start) => start(entry.node)).filter((tick) => tick));
    // 2. every tick at t = 1 and end, in the same order
    started.forEach((entry, i) => {
      for (const tick of ticks[i]) tick(entry.node);
      if (entry.remove && entry.node.parentNode) entry.node.parentNode.removeChild(entry.node);
    });
  }

  function canTransitionAtOnce(selection) {
    let free = true;
    selection.each(function () {
      if (waitingNodes.has(this)) free = false;
    });
    return free;
  }

  // A transform of the form markmap-view writes, "translate(x,y)" with two plain numbers, as the
  // x and y d3 reads from it: consolidate() (geometry.js) parses it with Number() into a pure
  // translation and rounds to 32-bit floats; null for any other form.
  const PLAIN_TRANSLATE = /^translate\(([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?),([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\)$/;
  function translationOf(value) {
    if (value == null || value === "") return [0, 0]; // d3 reads no transform as the identity
    const m = PLAIN_TRANSLATE.exec(value);
    if (!m) return null;
    const x = Math.fround(Number(m[1]) || 0);
    const y = Math.fround(Number(m[2]) || 0);
    // (beyond a 32-bit float's range d3 interpolates from an infinity, to NaN)
    return Number.isFinite(x) && Number.isFinite(y) ? [x, y] : null;
  }

  // d3.interpolateTransformSvg(from, to)(1) when both are plain translations (translationOf),
  // without parsing them into a DOM element: d3 decomposes each into a translation and an
  // identity rotation, skew and scale, so at t = 1 it writes the target's translation as
  // "translate(x, y)" (an interpolated number at 1 is the target's: a * 0 + b), and nothing at
  // all when both are translate(0, 0). Undefined for any other pair (d3's own code then runs).
  function translateAtOnce(from, to) {
    const a = translationOf(from);
    const b = to == null ? null : translationOf(String(to));
    if (a === null || b === null) return undefined;
    return a[0] !== b[0] || a[1] !== b[1] || b[0] || b[1] ? "translate(" + b[0] + ", " + b[1] + ")" : "";
  }

  // The start of an attribute tween: the interpolator from the node's value to `target`, or
  // null when they are equal as strings (d3's attrConstant / attrFunction).
  function attributeStart(name, target) {
    const full = G.d3.namespace(name);
    const interpolate = full === "transform" ? G.d3.interpolateTransformSvg : interpolateFor;
    const read = (node) => (full.local ? node.getAttributeNS(full.space, full.local) : node.getAttribute(full));
    const write = (node, value) => (full.local ? node.setAttributeNS(full.space, full.local, value) : node.setAttribute(full, value));
    const remove = (node) => (full.local ? node.removeAttributeNS(full.space, full.local) : node.removeAttribute(full));
    return (node) => {
      if (target == null) {
        remove(node);
        return null;
      }
      const from = read(node);
      if (from === target + "") return null;
      if (full === "transform") {
        const value = translateAtOnce(from, target);
        if (value !== undefined) return (n) => write(n, value);
      }
      const i = interpolate(from, target);
      return (n) => write(n, i.call(n, 1));
    };
  }

  // The start of a style tween with a constant target (d3's styleConstant): the value read
  // as d3's styleValue reads it (inline, else computed).
  function styleStart(name, target, priority) {
    const interpolate = name === "transform" ? G.d3.interpolateTransformCss : interpolateFor;
    return (node) => {
      const from = G.d3.style(node, name);
      if (from === target + "") return null;
      const i = interpolate(from, target);
      return (n) => n.style.setProperty(name, i.call(n, 1), priority);
    };
  }

  class TransitionAtOnce {
    constructor(selection) {
      this._selection = selection;
      this._entries = [];
      const entries = this._entries;
      selection.each(function () {
        entries.push({ node: this, tweens: [], remove: false });
      });
      for (const entry of entries) {
        waiting.push(entry);
        waitingNodes.add(entry.node);
      }
      if (!frameRequested && entries.length) {
        frameRequested = true;
        G.requestAnimationFrame(runFrame);
      }
    }
    attr(name, value) {
      let k = 0;
      const entries = this._entries;
      if (typeof value === "function") {
        this._selection.each(function (d, i, group) {
          entries[k++].tweens.push(attributeStart(name, value.call(this, d, i, group)));
        });
      } else for (const entry of entries) entry.tweens.push(attributeStart(name, value));
      return this;
    }
    style(name, value, priority) {
      if (typeof value === "function" || value == null) throw new Error("transitionAtOnce: style() takes a constant value here");
      for (const entry of this._entries) entry.tweens.push(styleStart(String(name), value, priority == null ? "" : priority));
      return this;
    }
    remove() {
      for (const entry of this._entries) entry.remove = true;
      return this;
    }
    _real() {
      if (!this._realTransition) this._realTransition = this._selection.transition().duration(0);
      return this._realTransition;
    }
    call(...args) {
      return this._real().call(...args);
    }
    end() {
      return this._real().end();
    }
    on(...args) {
      return this._real().on(...args);
    }
    tween(...args) {
      return this._real().tween(...args);
    }
  }

  G.__printerMarkmapFastPaths = {
    canTransitionAtOnce,
    transitionAtOnce: (selection) => new TransitionAtOnce(selection),
    translateAtOnce,
  };
})();
