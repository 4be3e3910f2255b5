/* host.c: the C side of the WebAssembly engine (mermaid_printer/engine/wasm/engine.py).
 *
 * Compiled with the vendored QuickJS-NG sources (vendor/quickjs-ng) into quickjs.wasm by
 * hatch_build.py. The module runs one QuickJS runtime with one context; Python drives it
 * through the exports below and moves text in and out through linear memory:
 *
 *   printer_alloc(n) / printer_free(p)     buffers for UTF-8 text the host writes in
 *   printer_init(memory, stack)            the runtime and context (once)
 *   printer_set_limits(memory, stack)      QuickJS's malloc limit and stack limit
 *   printer_eval(source, name, output)     a classic script
 *   printer_eval_module(source, name, publish_as)
 *                                          an ES module, run to completion, optionally published
 *   printer_run_jobs()                     every pending promise job
 *   printer_interrupt_flag()               the address of the flag that stops the running call
 *   printer_output() / printer_output_length()
 *                                          the text the last call left (result or error)
 *
 * Every call returns a STATUS_* code. On STATUS_EXCEPTION the output is a JSON object
 * {"text": String(error), "name": error.name, "stack": error.stack}.
 *
 * Time limits: QuickJS polls its interrupt handler every few thousand steps of JavaScript (and
 * of regular-expression matching); ours answers from a flag in linear memory that the host sets
 * from its watchdog thread when a call's time is up, so the call ends with QuickJS's uncatchable
 * "interrupted" error and the runtime stays usable. (wasmtime's epoch deadline would also stop
 * C code that never polls, but its checks cost ~15% of every render, and a trap loses the
 * instance.) Nothing here reads a clock, a file or the environment.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "quickjs.h"

#define EXPORT(name) __attribute__((export_name(name)))

/* The shadow stack the linker reserves (hatch_build.py passes the same number to both). */
#ifndef PRINTER_STACK_SIZE
#error "PRINTER_STACK_SIZE must be defined (bytes of shadow stack given to the linker)"
#endif
/* Stack kept back from QuickJS's limit for the C code that runs after its check fires
 * (throwing the RangeError, unwinding, formatting the error). */
#define STACK_MARGIN (256 * 1024)

enum {
    STATUS_OK = 0,
    STATUS_EXCEPTION = 1,     /* a JavaScript exception; output describes it */
    STATUS_NOT_SETTLED = 2,   /* a module's evaluation did not finish once jobs ran out */
    STATUS_NO_MEMORY = 3,     /* the host side could not allocate (output is empty) */
    STATUS_NOT_READY = 4,     /* printer_init has not succeeded */
};

enum { OUTPUT_NONE = 0, OUTPUT_STRING = 1, OUTPUT_JSON = 2 };

static JSRuntime *runtime;
/* Written by the host from another thread while a call runs (hence volatile): nonzero stops it. */
static volatile int32_t interrupt_requested;
static JSContext *context;
static char *output;
static size_t output_length;

/* Fallback when an error cannot be described (describing it needs memory). */
static const char NO_MEMORY_ERROR[] =
    "{\"text\":\"InternalError: out of memory\",\"name\":\"InternalError\",\"stack\":\"\"}";

static void clear_output(void) {
    free(output);
    output = NULL;
    output_length = 0;
}

static int set_output(const char *text, size_t length) {
    clear_output();
    output = malloc(length + 1);
    if (!output)
        return -1;
    memcpy(output, text, length);
    output[length] = '\0';
    output_length = length;
    return 0;
}

/* Keeps a JavaScript string (or any value, converted with String()) as the output; frees value. */
static int keep_string(JSValue value) {
    size_t length;
    const char *text = JS_ToCStringLen(context, &length, value);
    JS_FreeValue(context, value);
    if (!text) {
        JS_FreeValue(context, JS_GetException(context));
        return -1;
    }
    int failed = set_output(text, length);
    JS_FreeCString(context, text);
    return failed;
}

/* {"text", "name", "stack"} of a thrown value as the output; frees error. */
static int keep_error(JSValue error) {
    JSValue described = JS_NewObject(context);
    JSValue text = JS_ToString(context, error);
    if (JS_IsException(text)) {
        JS_FreeValue(context, JS_GetException(context));
        text = JS_NewString(context, "Error: the thrown value cannot be converted to text");
    }
    JSValue name = JS_UNDEFINED;
    JSValue stack = JS_UNDEFINED;
    if (JS_IsObject(error)) {
        name = JS_GetPropertyStr(context, error, "name");
        stack = JS_GetPropertyStr(context, error, "stack");
        if (JS_IsException(name) || JS_IsException(stack))
            JS_FreeValue(context, JS_GetException(context));
    }
    JS_FreeValue(context, error);
    JSValue name_text = JS_IsString(name) ? JS_DupValue(context, name) : JS_NewString(context, "Error");
    JSValue stack_text = JS_IsString(stack) ? JS_DupValue(context, stack) : JS_NewString(context, "");
    JS_FreeValue(context, name);
    JS_FreeValue(context, stack);
    JS_SetPropertyStr(context, described, "text", text);
    JS_SetPropertyStr(context, described, "name", name_text);
    JS_SetPropertyStr(context, described, "stack", stack_text);
    JSValue json = JS_JSONStringify(context, described, JS_UNDEFINED, JS_UNDEFINED);
    JS_FreeValue(context, described);
    if (JS_IsException(json) || keep_string(json) != 0) {
        if (JS_IsException(json))
            JS_FreeValue(context, JS_GetException(context));
        return set_output(NO_MEMORY_ERROR, sizeof(NO_MEMORY_ERROR) - 1);
    }
    return 0;
}

static int exception_status(JSContext *where) {
    JSValue error = JS_GetException(where);
    return keep_error(error) == 0 ? STATUS_EXCEPTION : STATUS_NO_MEMORY;
}

static int poll_interrupt(JSRuntime *rt, void *opaque) {
    (void)rt;
    (void)opaque;
    return interrupt_requested != 0;
}

static size_t usable_stack(size_t requested) {
    size_t most = PRINTER_STACK_SIZE - STACK_MARGIN;
    return requested < most ? requested : most;
}

EXPORT("printer_alloc") void *printer_alloc(size_t size) { return malloc(size); }

EXPORT("printer_free") void printer_free(void *pointer) { free(pointer); }

EXPORT("printer_output") const char *printer_output(void) { return output; }

EXPORT("printer_output_length") size_t printer_output_length(void) { return output_length; }

EXPORT("printer_interrupt_flag") volatile int32_t *printer_interrupt_flag(void) { return &interrupt_requested; }

EXPORT("printer_set_limits") void printer_set_limits(size_t memory_bytes, size_t stack_bytes) {
    if (!runtime)
        return;
    JS_SetMemoryLimit(runtime, memory_bytes);
    JS_UpdateStackTop(runtime);
    JS_SetMaxStackSize(runtime, usable_stack(stack_bytes));
}

EXPORT("printer_init") int printer_init(size_t memory_bytes, size_t stack_bytes) {
    if (runtime)
        return STATUS_OK;
    runtime = JS_NewRuntime();
    if (!runtime)
        return STATUS_NO_MEMORY;
    printer_set_limits(memory_bytes, stack_bytes);
    JS_SetInterruptHandler(runtime, poll_interrupt, NULL);
    context = JS_NewContext(runtime);
    if (!context) {
        JS_FreeRuntime(runtime);
        runtime = NULL;
        return STATUS_NO_MEMORY;
    }
    /* No module loader is installed: an import resolves only to a module already evaluated
     * under that name (printer_eval_module), so scripts cannot load anything else. */
    return STATUS_OK;
}

/* Evaluates a classic script (source must end with a NUL byte after length bytes). */
EXPORT("printer_eval")
int printer_eval(const char *source, size_t length, const char *name, int output_kind) {
    if (!context)
        return STATUS_NOT_READY;
    clear_output();
    JS_UpdateStackTop(runtime);
    JSValue value = JS_Eval(context, source, length, name, JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(value))
        return exception_status(context);
    if (output_kind == OUTPUT_NONE) {
        JS_FreeValue(context, value);
        return STATUS_OK;
    }
    if (output_kind == OUTPUT_JSON) {
        JSValue json = JS_JSONStringify(context, value, JS_UNDEFINED, JS_UNDEFINED);
        JS_FreeValue(context, value);
        if (JS_IsException(json))
            return exception_status(context);
        if (JS_IsUndefined(json))
            return set_output("null", 4) == 0 ? STATUS_OK : STATUS_NO_MEMORY;
        value = json;
    }
    return keep_string(value) == 0 ? STATUS_OK : STATUS_NO_MEMORY;
}

static int run_jobs(void) {
    for (;;) {
        JSContext *where;
        int done = JS_ExecutePendingJob(runtime, &where);
        if (done == 0)
            return STATUS_OK;
        if (done < 0)
            return exception_status(where);
    }
}

EXPORT("printer_run_jobs") int printer_run_jobs(void) {
    if (!context)
        return STATUS_NOT_READY;
    clear_output();
    JS_UpdateStackTop(runtime);
    return run_jobs();
}

/* Evaluates an ES module named name, runs jobs until its evaluation settles, and, when
 * publish_as is not empty, assigns its namespace object to that global. Later modules can
 * import it by name. */
EXPORT("printer_eval_module")
int printer_eval_module(const char *source, size_t length, const char *name, const char *publish_as) {
    if (!context)
        return STATUS_NOT_READY;
    clear_output();
    JS_UpdateStackTop(runtime);
    JSValue compiled = JS_Eval(context, source, length, name,
                               JS_EVAL_TYPE_MODULE | JS_EVAL_FLAG_COMPILE_ONLY);
    if (JS_IsException(compiled))
        return exception_status(context);
    JSModuleDef *module = JS_VALUE_GET_PTR(compiled);
    /* Takes ownership of compiled; resolves imports, then runs the body: a promise. */
    JSValue promise = JS_EvalFunction(context, compiled);
    if (JS_IsException(promise))
        return exception_status(context);
    int status = run_jobs();
    if (status != STATUS_OK) {
        JS_FreeValue(context, promise);
        return status;
    }
    JSPromiseStateEnum state = JS_PromiseState(context, promise);
    if (state == JS_PROMISE_REJECTED) {
        JSValue error = JS_PromiseResult(context, promise);
        JS_FreeValue(context, promise);
        return keep_error(error) == 0 ? STATUS_EXCEPTION : STATUS_NO_MEMORY;
    }
    JS_FreeValue(context, promise);
    if (state != JS_PROMISE_FULFILLED)
        return STATUS_NOT_SETTLED;
    if (publish_as[0] != '\0') {
        JSValue namespace = JS_GetModuleNamespace(context, module);
        if (JS_IsException(namespace))
            return exception_status(context);
        JSValue global = JS_GetGlobalObject(context);
        int set = JS_SetPropertyStr(context, global, publish_as, namespace);
        JS_FreeValue(context, global);
        if (set < 0)
            return exception_status(context);
    }
    return STATUS_OK;
}

/* ---- Math: the host's C library ---------------------------------------------------------------
 *
 * QuickJS computes Math.sin and its kin with the C library's functions. wasi-libc's (from musl)
 * and glibc's, which the native engine calls, disagree in the last bit for a share of arguments
 * (measured over 20,000: cbrt 54%, atan2 21%, exp 6%, sin 2%, pow 0.1%), and Mermaid's
 * force-directed layouts (mindmap, architecture) grow one bit into a different drawing. These
 * definitions take the place of wasi-libc's at link time: each is an import the host answers
 * from its own C library, the very functions the native engine calls, so both engines compute
 * the same numbers. (Chromium's V8 also uses glibc's sine and cosine.) What IEEE 754 makes
 * exact (sqrt, floor, fabs, fmod, ...) stays with wasi-libc. The host never sees anything but
 * the numbers. */
#define HOST_MATH_1(name)                                                                          \
    __attribute__((import_module("printer_math"), import_name(#name))) double host_##name(double); \
    double name(double x) { return host_##name(x); }
#define HOST_MATH_2(name)                                                                          \
    __attribute__((import_module("printer_math"), import_name(#name)))                            \
    double host_##name(double, double);                                                           \
    double name(double x, double y) { return host_##name(x, y); }

HOST_MATH_1(sin)
HOST_MATH_1(cos)
HOST_MATH_1(tan)
HOST_MATH_1(asin)
HOST_MATH_1(acos)
HOST_MATH_1(atan)
HOST_MATH_1(sinh)
HOST_MATH_1(cosh)
HOST_MATH_1(tanh)
HOST_MATH_1(asinh)
HOST_MATH_1(acosh)
HOST_MATH_1(atanh)
HOST_MATH_1(exp)
HOST_MATH_1(expm1)
HOST_MATH_1(log)
HOST_MATH_1(log1p)
HOST_MATH_1(log2)
HOST_MATH_1(log10)
HOST_MATH_1(cbrt)
HOST_MATH_2(atan2)
HOST_MATH_2(pow)
HOST_MATH_2(hypot)
