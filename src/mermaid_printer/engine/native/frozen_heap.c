/* Freezing the heap a zygote forks from: the native engine's one addition to QuickJS-NG.
 *
 * A render process is a child forked from a warm process (pool/_zygote.py) and shares that
 * process's pages copy-on-write. QuickJS writes a reference count into every block it hands
 * out or lets go of (js_dup, JS_FreeValue, atoms, shapes, closures' variables), so a child that
 * only reads Mermaid's functions and objects still copies the pages they sit on. A small
 * render copied 2,000-7,000 pages; with the heap frozen, 0.68-0.86 of that
 * (benchmarks/fork_first_render.py; the rest: allocations into holes of the zygote's heap, Map
 * inserts, Python's own reference counts).
 *
 * hatch_build.py compiles this file as the translation unit of QuickJS itself: it writes the
 * vendored quickjs.c (unchanged in vendor/) with every reference-count update outside the cycle
 * collector's trial deletion guarded (JS_RC_INC / JS_RC_DEC / JS_RC_DROP, defined there next to
 * JS_REF_COUNT) into a scratch folder as quickjs_guarded.c. A block whose count is at least
 * JS_RC_IMMORTAL is never counted up or down, so never written by counting, and never freed.
 * mermaid_printer_freeze_heap() gives every block alive at that moment such a count.
 *
 * What a frozen block keeps: it stays alive for the life of the process (a forked child drops
 * everything at exit anyway). Code that asks "is this the only reference?" (a string appended
 * in place, a shape changed in place) sees a large count and takes its copying path, which is
 * always correct. The cycle collector still works: its trial deletion (gc_decref_child and
 * gc_scan_incref_child, left unguarded) counts a frozen block down and up again by the same
 * amount, never to zero, so a frozen block is never collected and a new one reachable from a
 * frozen one stays alive. Guarded and unguarded updates together can only drift a frozen count
 * by the number of updates of one process, far from the margin between JS_RC_IMMORTAL and the
 * count given here.
 */

#include "quickjs_guarded.c"

/* The count given to a frozen block: JS_RC_IMMORTAL with 2^29 updates of margin each way. */
#define JS_RC_FROZEN (2 * JS_RC_IMMORTAL)

static int freeze_block(JSMallocBlockHeader *b)
{
    if (b->ref_count <= 0 || b->ref_count >= JS_RC_IMMORTAL)
        return 0;
    b->ref_count = JS_RC_FROZEN;
    return 1;
}

/* Take every arena of rt off its size class's list of arenas with free blocks: a later
 * allocation then comes from a new arena instead of a hole between frozen blocks, whose page a
 * forked child would copy for it. benchmarks/request_breakdown.py --compare --back-to-back
 * against holes reused (15 rounds): the engine call's page faults 0.53-0.77x (25-node
 * flowchart 6,288 -> 3,316), its CPU 0.83-0.98x, the machine's CPU per request 0.86-0.96x; the
 * spares' learned pages 66 -> 53 MiB. A block freed later in an arena that was full puts that
 * arena back on the list, as QuickJS always does; one freed in a detached arena that was not
 * full leaves its hole unused, and an arena whose last block is freed is released as before
 * (list_del of a detached, self-linked free_link is harmless). */
static void detach_arenas_with_holes(JSRuntime *rt)
{
    struct list_head *el;
    int i;

    for (i = 0; i < JS_ARENA_BLOCK_SIZE_COUNT; i++) {
        list_for_each(el, &rt->arena_state.arena_list[i]) {
            init_list_head(&list_entry(el, JSArena, link)->free_link);
        }
        init_list_head(&rt->arena_state.free_arena_list[i]);
    }
}

/* Give every reference-counted block alive in rt a frozen count; return how many changed.
 *
 * Small blocks live in QuickJS's arenas, which it lists per size class: every block in use
 * there (its header's index is its own; a free block's holds the next free one) is frozen,
 * whatever it holds (a block that is not reference counted keeps a count of zero, or has its
 * count ignored). Large blocks come from malloc and are only reachable through what refers to
 * them: the collector's list of GC objects (objects, shapes, function bytecode, closures'
 * variables) and the atom table cover those that are counted, save long strings held only by
 * a property, which stay counted as before. Call it after a garbage collection, with nothing
 * running. Then the arenas are detached (detach_arenas_with_holes): new blocks go elsewhere. */
int mermaid_printer_freeze_heap(JSRuntime *rt)
{
    struct list_head *el;
    int frozen = 0;
    uint32_t i;
    unsigned int j;

    for (i = 0; i < JS_ARENA_BLOCK_SIZE_COUNT; i++) {
        list_for_each(el, &rt->arena_state.arena_list[i]) {
            JSArena *ar = list_entry(el, JSArena, link);
            unsigned int block_size = arena_block_sizes[ar->block_size_idx];
            for (j = 0; j < ar->n_blocks; j++) {
                JSMallocBlockHeader *b = arena_get_block(ar, j, block_size);
                if (b->u.block_idx == j)
                    frozen += freeze_block(b);
            }
        }
    }
    list_for_each(el, &rt->gc_obj_list) {
        frozen += freeze_block(js_rc(list_entry(el, JSGCObjectHeader, link)));
    }
    for (i = 0; i < (uint32_t)rt->atom_size; i++) {
        JSAtomStruct *p = rt->atom_array[i];
        if (p != NULL && !atom_is_free(p))
            frozen += freeze_block(js_rc(p));
    }
    detach_arenas_with_holes(rt);
    return frozen;
}
