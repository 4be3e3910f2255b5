// counter_resets.js — where Mermaid's patched module counters register their resets; loaded
// right before mermaid.min.js.
//
// Serves: the load-time patches MERMAID_COUNTER_RESETS (bundles/mermaid/transforms.py), which
// call __printerCounterReset(fn) where Mermaid declares a counter it never resets; entries.js
// calls __printerResetCounters() before every render and parse, so a drawing's ids do not
// depend on what the process drew before (its warm-up, in a server's engine process).
// Leaves out: anything else; a patch that cannot find its text fails the load, not this file.
"use strict";
(function () {
  const G = globalThis;
  const resets = [];
  // Returns undefined: it stands as one more item of Mermaid's comma-separated declarations.
  G.__printerCounterReset = function (reset) {
    resets.push(reset);
  };
  G.__printerResetCounters = function () {
    for (const reset of resets) reset();
  };
})();
