/* Classic scripts run from compiled bytecode: the native engine's second addition to QuickJS-NG.
 *
 * Loading Mermaid's bundle is mostly QuickJS compiling it: the same multi-megabyte text, turned
 * into the same bytecode, in every engine process that starts (a one-shot command line, a warm
 * pool, a server). The engine compiles a script once, keeps the bytecode QuickJS writes for it
 * (engine/native/script_cache.py: in the user's private cache, keyed by the script's text and
 * this module), and later processes read that instead of compiling again. Running read bytecode
 * is running the compiled script: the same functions, with their source text and line tables
 * (QuickJS writes a function's debug information with it), so what the script does is the same.
 *
 * Only public QuickJS API is used; engine/native/__init__.py calls these through ctypes with the
 * binding's JSContext. Bytecode is read from the engine's own private cache directory only (see
 * JS_READ_OBJ_BYTECODE's warning in quickjs.h: QuickJS trusts bytecode it reads).
 */

#include <string.h>

#include "quickjs.h"

/* What went wrong, as text, into message (at most size bytes, NUL included); clears it. */
static void take_exception(JSContext *ctx, char *message, size_t size)
{
    JSValue exception = JS_GetException(ctx);
    const char *text = JS_ToCString(ctx, exception);

    if (size) {
        strncpy(message, text ? text : "(an exception that has no text)", size - 1);
        message[size - 1] = '\0';
    }
    if (text)
        JS_FreeCString(ctx, text);
    JS_FreeValue(ctx, exception);
}

/* Run a compiled script (its function object, which this takes over) and drop its value. */
static int run_compiled(JSContext *ctx, JSValue compiled, char *message, size_t size)
{
    JSValue value = JS_EvalFunction(ctx, compiled);

    if (JS_IsException(value)) {
        take_exception(ctx, message, size);
        return -1;
    }
    JS_FreeValue(ctx, value);
    return 0;
}

/* Compile source (length bytes of UTF-8) as a classic script named filename, write its
 * bytecode into *bytecode (js_malloc'd: free it with mermaid_printer_free_bytecode) and
 * *bytecode_length, then run it. 0 when it ran; -1 with message filled when compiling or running
 * failed (*bytecode is NULL when compiling did). */
int mermaid_printer_compile_and_run(JSContext *ctx, const char *source, size_t length, const char *filename,
                                    uint8_t **bytecode, size_t *bytecode_length, char *message, size_t size)
{
    JSValue compiled = JS_Eval(ctx, source, length, filename, JS_EVAL_TYPE_GLOBAL | JS_EVAL_FLAG_COMPILE_ONLY);

    *bytecode = NULL;
    *bytecode_length = 0;
    if (JS_IsException(compiled)) {
        take_exception(ctx, message, size);
        return -1;
    }
    *bytecode = JS_WriteObject(ctx, bytecode_length, compiled, JS_WRITE_OBJ_BYTECODE);
    if (*bytecode == NULL)
        JS_FreeValue(ctx, JS_GetException(ctx)); /* not kept; the script still runs */
    return run_compiled(ctx, compiled, message, size);
}

/* Read bytecode written by mermaid_printer_compile_and_run and run the script. 0 when it ran;
 * -2 with message filled when the bytecode could not be read (nothing ran), -1 when running
 * failed. */
int mermaid_printer_run_bytecode(JSContext *ctx, const uint8_t *bytecode, size_t length, char *message, size_t size)
{
    JSValue compiled = JS_ReadObject(ctx, bytecode, length, JS_READ_OBJ_BYTECODE);

    if (JS_IsException(compiled)) {
        take_exception(ctx, message, size);
        return -2;
    }
    return run_compiled(ctx, compiled, message, size);
}

void mermaid_printer_free_bytecode(JSContext *ctx, uint8_t *bytecode)
{
    js_free(ctx, bytecode);
}
