// host.js — the call protocol between the Python host and any bundle; loaded before a bundle.
//
// Serves: the engine seam (mermaid_printer/engine). The host calls
// __printer.start(entry, payloadJson), drains promise jobs and virtual timers until
// __printer.poll() returns a JSON string, and never registers a callback into Python — so the
// interpreter's time limit stays usable. A bundle's scripts register their entry points:
//
//   __printer.register(name, run, describeError?)
//     run(payload) -> value or promise; the result is {ok: true, ...value}.
//     describeError(error, payload) -> {code, message, details}; without it a rejection is
//     RENDER_FAILED with the error's message. The interpreter's own limits come first: running
//     out of memory or stack is RESOURCE_LIMIT whatever the bundle would say (an async entry
//     turns them into rejections like any other error).
//   __printer.setEnvironment({runTimers, logs})
//     the virtual timer queue and console log of the bundle's environment (env.js sets it);
//     without one there are no timers and no logs.
//
// Leaves out: anything touching the host. The engine evaluates this file first in every context.
"use strict";
(function () {
  const G = globalThis;
  const entries = new Map();
  let environment = { runTimers: () => 0, logs: [] };
  let current = null; // {done, result}

  function fallbackError(error) {
    const message = String((error && (error.message || error.str)) || error || "call failed");
    return {
      code: "RENDER_FAILED",
      message: message.trim(),
      details: { exception: (error && error.name) || "Error" },
    };
  }

  // The interpreter's memory limit raises InternalError("out of memory"); its stack limit
  // RangeError("Maximum call stack size exceeded").
  function resourceLimit(error) {
    const message = String((error && error.message) || "");
    const name = (error && error.name) || "";
    if (name === "InternalError" && /out of memory/i.test(message)) {
      return { code: "RESOURCE_LIMIT", message: "the render ran out of memory", details: { limit: "memory" } };
    }
    if ((name === "RangeError" || name === "InternalError") && /call stack size exceeded|stack overflow/i.test(message)) {
      return {
        code: "RESOURCE_LIMIT",
        message: "the diagram nests too deeply (stack limit)",
        details: { limit: "stack" },
      };
    }
    return null;
  }

  G.__printer = {
    register(name, run, describeError) {
      if (typeof run !== "function") throw new TypeError(`entry ${name} is not a function`);
      entries.set(String(name), { run, describeError: describeError || fallbackError });
    },
    entries() {
      return String(JSON.stringify(Array.from(entries.keys()).sort()));
    },
    setEnvironment(env) {
      environment = env;
    },
    start(entry, payloadJson) {
      const registered = entries.get(entry);
      if (!registered) throw new Error(`unknown entry point ${entry}`);
      const state = { done: false, result: null };
      current = state;
      let promise;
      let payload = {};
      try {
        payload = JSON.parse(payloadJson);
        promise = Promise.resolve(registered.run(payload));
      } catch (error) {
        promise = Promise.reject(error);
      }
      promise.then(
        (value) => {
          state.done = true;
          state.result = Object.assign({ ok: true }, value);
        },
        (error) => {
          state.done = true;
          const described = resourceLimit(error) || registered.describeError(error, payload);
          state.result = { ok: false, error: described };
        },
      );
    },
    // JSON of the result once settled, else "" (the host then runs jobs/timers and asks again).
    poll() {
      if (!current || !current.done) return "";
      return String(JSON.stringify(current.result));
    },
    runTimers() {
      return environment.runTimers();
    },
    logs() {
      return String(JSON.stringify(environment.logs));
    },
  };
})();
