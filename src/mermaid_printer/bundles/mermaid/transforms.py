"""Load-time transforms of Mermaid's bundle: where upstream code is slow only under an interpreter.

The vendored ``mermaid.min.js`` stays byte-identical on disk; these :class:`SourcePatch` values
rewrite its text as the engine loads it. Each replaces an exact text that must occur exactly as
often as it says, so a new Mermaid release that changed it fails to load, loudly, instead of
silently running unpatched. Each is justified by a profile (``benchmarks/profile_render.py``),
covered by a test (``tests/bundles/test_mermaid_transforms.py``) and proven output-neutral: the
whole corpus renders byte-identically with and without them (``scripts/corpus_digest.py``; set
``MERMAID_PRINTER_BUNDLE_TRANSFORMS=off`` for the run without).

The transforms call helpers in ``js/mermaid/fast_paths.js`` (loaded right before Mermaid when
the transforms are on), each of which computes exactly what the code it stands in for computes.

The transforms, with the profile that justifies each:

``assign-with-depth-into-empty``
    Mermaid's ``assignWithDepth({}, source)`` (its config merge) copies key by key through
    ``Object.entries``, a closure and ``Object.defineProperty``. ``getConfig()`` is exactly that
    copy of the whole ~980-key config, and Mermaid calls it everywhere (a class diagram of 25
    classes: ~300 times per render). Profile (flowchart, 25 nodes): ``assignWithDepth`` was 37 %
    of the render's JavaScript, 1.55 ms per config copy. With an empty plain target the helper
    copies each level with ``Object.assign`` (native) and visits only the object values:
    0.40 ms per copy, the same keys, order, values and sharing of nested objects.

``get-config-along-a-plan``
    Even so, ``getConfig()`` remained the largest single cost in Mermaid's own code, called
    ~10 times per node (every label, edge and vertex reads it): measured with probes on it
    alone, 17 % of a 50-node flowchart's JavaScript, 27 % of a 25-class diagram's, 25 % of a
    sequence diagram's. Its source, Mermaid's current config object, is built whole and replaced,
    never changed in place: the transform's text is the config module's whole block of code that
    reads or assigns it (its precondition), so a release that changes how it is handled fails to
    load. For one config object, which keys hold null, arrays and objects is then fixed, so it
    is worked out on the first copy and later copies are ``Object.assign`` per object along
    that plan (``fast_paths.js``, ``copyConfig``).

    And a copy's ~35 nested objects (``flowchart``, ``themeVariables``, ...) are copied when
    first read: a caller reads one or two of them (an 11-node flowchart's 126 copies read
    ``flowchart`` 68 times, ``state`` 15, ``themeVariables`` 3 and the others once, counted with
    a throwaway counter), so a copy costs ~0.01 ms plus what is read instead of 0.14-0.25 ms.
    Until read, a nested object is an accessor in its place among the keys, which reads, writes,
    deletes, enumerates and serializes as the whole copy's data property does
    (``tests/bundles/test_mermaid_transforms.py``). ``mermaid_compare.py --base`` (12 diagrams
    of 12 types, 5 rounds): total 0.91; mind map 0.64, class 0.81, kanban and state 0.92,
    flowchart, ER, c4 and radar 0.98-0.99.

``elk-register-once``
    Mermaid lays out flowcharts, ER diagrams and others with ELK, and makes a ``new ELK()`` for
    every layout. Each one sends ELK's worker a ``register`` message, and ELK registers its core
    options and all nine algorithms' options again in its registry (a process-wide singleton):
    every option's metadata is built anew and stored under the same id, and the registry's cache
    of option names looked up by suffix is emptied, so each of the ~20 options Mermaid passes
    (``elk.direction``, ``spacing.baseValue``, …) is then found by a scan of every option id
    again. Profile of a 3-node flowchart (``benchmarks/profile_render.py``, probes on): the
    registration 9 calls a render, the suffix scans 22 calls, together the largest part of its
    layout. The transform registers an algorithm list the first time it is asked for, and
    answers a repeat at once (``fast_paths.js``, ``elkRegisteredBefore``).

    Why it computes the same: registration only fills the registry (option, category and
    algorithm metadata keyed by id) and empties the suffix cache; the metadata a repeat would
    store is equal to what is there, because it is built from the same providers' constants. A
    layout reads options through that registry by id (ELK's properties are equal when their ids
    are), and a suffix lookup that is cached answers what a scan of the unchanged registry would.
    A list not registered before (another set of algorithms) is registered as upstream does.

``dompurify-unapply-rest-parameters``
    DOMPurify calls every string and regular-expression method it uses (``test``, ``replace``,
    ``toLowerCase``, ``trim``, ``indexOf``, ...) through ``unapply(method)``: a function that
    builds an ``arguments`` object, copies it into a new array in a loop, and calls
    ``Reflect.apply``. Mermaid sanitizes every label and then the whole finished SVG with it, so
    a render makes thousands of these calls (counted with a throwaway counter: a 2-slice pie
    1,801, a small sequence diagram 8,846, an 11-node flowchart 12,008, a shop class diagram
    18,957); the final sanitize alone is 10-28 % of a small render. The transform collects the
    same arguments with a rest parameter (no ``arguments`` object, no loop): 0.64-1.08 µs a call
    instead of 1.25-1.75 µs in a throwaway micro-benchmark. The returned function's ``length``
    stays 1 and it passes exactly the same array of arguments to ``Reflect.apply``.

``compile-css-once-per-sheet``
    Every render compiles its diagram's stylesheet with stylis, scoped by the svg's ``#id``
    (``compileCSS``): an 11-node flowchart 19.5 ms of its 367, a 2-slice pie 3.1 of 26, a tree
    view 4.0 of 49 (``createUserStyles`` timed by a throwaway wrapper). The ids differ per
    request, so nothing could be kept. The result is a pure function of the css and the scope,
    and a scope of the service's form can be swapped for another in the result
    (``fast_paths.js``, ``compileCssOnce``, says why): the warm-up's sheets are compiled once in
    the zygote, and a request of the same type and config puts its own id in.

``elk-string-hash-memo``
    ELK (Java compiled to JavaScript by GWT) keys its hash maps by strings and by layout options,
    whose hash code is their id string's; GWT's ``String.hashCode`` walks the string with a
    bounds-check call per character and remembers nothing, so every map operation hashes an id
    of ~40 characters again. Profile of an 11-node flowchart (``benchmarks/profile_render.py``,
    probes on): the option's ``hashCode`` was the largest self time in the render, 5,491 calls
    and ~50 ms of ~730 ms of JavaScript. The transform computes the same 32-bit hash without the
    check and remembers it per string (``fast_paths.js``, ``javaStringHash``); a string is
    immutable, so the remembered hash is the one the loop would compute.

``theme-variables-once``
    A theme's ``getThemeVariables(overrides)`` makes a new theme object and derives its ~150
    colours through khroma. Mermaid's config module asks for it again whenever it rebuilds the
    current config for a diagram type or directive that names a theme (the defaults give
    sequence, venn, state and others one): timed with a clock around the call (a throwaway),
    2-3 calls and 2.5-2.9 ms of a 17-219 ms render (venn 15 %). The result is a function of
    the theme and the overrides' keys and values, so it is calculated once per theme and
    overrides of plain values, and each caller gets its own copy of the same class, keys, order
    and values (``fast_paths.js``, ``themesComputedOnce``). ``mermaid_compare.py --without``
    (100 diagrams, 3 rounds): 0.98 overall; requirement 0.90, sequence and mind map 0.93, venn
    0.94.

``default-theme-variables-once``
    The registry is not the only way in: the default theme's ``getThemeVariables`` is also
    called directly, with no overrides, on every render of six places in five diagram types
    (the styles of radar, treemap and wardley diagrams, the xychart's theme, the cynefin
    diagram's styles and drawing), and those calls derived the ~150 colours afresh each time.
    The transform wraps the function where it is defined, with the same keeping as
    ``theme-variables-once`` (``fast_paths.js``, ``themeVariablesComputedOnce``), so the
    registry's entry and the direct calls share one kept theme (the registry takes the wrapped
    function as it is). ``mermaid_compare.py --without`` (in one process, 7 rounds, the 22
    diagrams of those types, pie and sequence): cynefin 0.82, radar 0.83, wardley 0.88,
    treemap and xychart 0.92, pie and sequence 1.00, all identical; over the 100 diagrams (3
    rounds) 100 of 100 identical. Through the pool (``request_breakdown.py --compare``, 15
    rounds, render wall unprobed / probed): radar 0.75 / 0.81, treemap 0.92 / 0.96, xychart
    0.92 / 0.95, wardley 0.73 / 0.92, cynefin 1.01 / 0.90.

``current-config-rebuilt-once-per-inputs``
    Mermaid's ``updateCurrentConfig`` rebuilds the current config four to six times a render (a
    copy of the whole ~980-key site config, merged with the directives, the diagram type's
    appearance and, when the theme changes, its variables): ``profile_render.py --only
    updateCurrentConfig`` on a 2-slice pie, 2.4 ms of its 12 ms engine call. A throwaway log of
    its calls showed the same four inputs in every render of a type (the site config without a
    directive or scope, with the diagram's scope, with an empty directive, without the scope),
    and the site config is the same object from render to render (the service initializes once).
    The rebuild reads only its inputs: the site config and its own part (which
    ``updateSiteConfig`` merges into in place; the transform notes it there), the directives and
    their list (plain data from the diagram's text, keyed by value), the diagram scope, the
    initialize config (replaced, never changed), and the frozen defaults and themes. Its result
    becomes the current config, which the config module never changes in place and hands out
    only as copies (``get-config-along-a-plan``'s precondition), so a rebuild from the same
    inputs answers with the same object (``fast_paths.js``, ``currentConfigKey``); inputs that
    are not plain data are rebuilt as upstream. The directives are still sanitized and merged
    first, as upstream, and the deprecation check still runs. The precondition covers every
    function that changes what it reads (scope, site config, directives). ``mermaid_compare.py
    --without`` (100 diagrams, 3 rounds): **0.95 total, median per diagram 0.91**; packet 0.78,
    pie 0.81, sequence 0.85, gantt 0.89; the 18 smallest (9 rounds) 0.87; identical.

``dompurify-allow-lists-copied-natively``
    Every render's last step sanitizes the whole SVG with DOMPurify, passing ``ADD_TAGS`` and
    ``ADD_ATTR``, so its ``_parseConfig`` first copies the default allow-lists (~260 tags, ~400
    attributes) with its ``clone()``: per key an entries pair, Babel's destructuring helper, an
    unapplied ``hasOwnProperty`` call and checks for arrays and objects. In a throwaway
    micro-benchmark in the engine, ``clone()`` of an 800-key list took 0.55 ms and
    ``Object.assign`` into a null-prototype object 0.05 ms. The lists are made by DOMPurify's
    ``addToSet``: null-prototype objects whose properties all hold ``true``, and for those the two
    copies are the same keys in the same order with the same values; anything else goes to
    ``clone()`` (``fast_paths.js``, ``cloneFlagSet``). ``mermaid_compare.py --without`` (3
    rounds, 100 diagrams) 1.00 total, median per diagram 0.99; on the 18 smallest (pie, packet,
    radar, tree view, venn, wardley; 9 rounds) 0.97, pie 0.94.

``svg-cleanup-skips-absent-text``
    Once drawn, Mermaid's ``cleanUpSvgCode`` runs five global regular expressions over the whole
    SVG (tens of KB: the diagram's stylesheet is in it): one for marker URLs, three in
    ``decodeEntities`` (its placeholders for entities in labels, ``ﬂ°°``, ``ﬂ°`` and ``¶ß``) and
    one for ``<br>``. QuickJS tries an expression at every position of the text; on 54 KB of SVG
    (a throwaway micro-benchmark in the engine) the three of ``decodeEntities`` took 1.6 ms, the
    ``<br>`` and marker ones 0.55 ms each, where looking for their literal start with
    ``indexOf`` takes a tenth of that. Each expression begins with a literal text and can match
    only where that text is, so without it the replacement is the text itself: the transform
    looks first and replaces only when the text is there (``fast_paths.js``,
    ``replaceIfPresent``); anything but a string goes Mermaid's way. ``mermaid_compare.py
    --without`` (100 diagrams, 3 rounds): 0.99 overall, median per diagram 0.98; packet 0.90,
    pie and sankey 0.93, flowchart 0.92.

And one of the ZenUML plugin's bundle (``mermaid-zenuml.min.js``, ``ZENUML_TRANSFORMS``):

``zenuml-sll-prediction-first``
    ZenUML parses its text with an ANTLR 4 parser in ANTLR's default prediction mode, LL: where
    the cached (SLL) prediction meets a conflict, ANTLR predicts again with the full parser
    context, which no cache keeps and which, interpreted, took most of a ZenUML render (a
    12-line diagram ~1.2 s of CPU, 96 % of it in the plugin's code, where Mermaid's diagrams of
    that size take ~50 ms; ``benchmarks/profile_render.py``). ANTLR documents the two-stage
    parse for exactly this: parse first in SLL mode with its ``BailErrorStrategy``; in that mode
    the parser "will either return a correct parse tree (i.e. the same parse tree that would be
    returned with the LL prediction mode), or it will report a syntax error" (ANTLR's
    ``PredictionMode.SLL``), and only on a syntax error parse again as before. The transform
    does that in the plugin's one parse function, on the same token stream (seeked back to its
    start, so the lexer runs once either way), with no error listener in the first stage, and
    falls back on any error there; the second stage is the shipped code. The grammar has no
    actions and only precedence predicates, so nothing else runs twice. Every ZenUML diagram of
    the corpus and the benchmarks (22) parses in the first stage and draws the same bytes
    (``scripts/corpus_digest.py --types zenuml``, 0 of 19 differ). ``mermaid_compare.py
    --without`` over those 22 (3 rounds, one process, ANTLR's cache warming as it goes): 0.24 of
    the CPU in total, median per diagram 0.33. Through the pool, where each render process
    starts from the warm process's cache, a ZenUML render took 824 against 1,328-1,602 ms
    (``vs_chromium.py``); the rest is mostly that cache being built for each request.
"""

from __future__ import annotations

from mermaid_printer.engine.bundle import SourcePatch

__all__ = ["MERMAID_COUNTER_RESETS", "MERMAID_TRANSFORMS", "ZENUML_TRANSFORMS"]

# Mermaid's config module from where its current config object (``Uee``) is first assigned to
# just before ``getConfig``: every other statement that reads or assigns it.
_CONFIG_MODULE = (
    "fA=[],Uee=Bh({},zE),v5n=i((r,t)=>{if(!Vee)return;let a=[t,...[...fA].reverse(),Tbe,zE],s=r[Vee];"
    "for(let l of g5n)for(let h of a){let f=b5n(h,Vee,l);if(f!==void 0){r[l]=f,s?.[l]!==void 0&&(s[l]=f);break}}},"
    '"resolveAppearance"),gz=i((r,t)=>{let a=Bh({},r),s={};for(let h of t)ior(h),s=Bh(s,h);if(a=Bh(a,s),'
    "v5n(a,s),(!!s.theme||a.theme!==r.theme)&&a.theme&&Object.hasOwn(MT,a.theme)){let h=Bh({},xbe),"
    "f=Bh(h.themeVariables||{},s.themeVariables);a.themeVariables=MT[a.theme].getThemeVariables(f)}"
    'return Uee=a,x5n(Uee),Uee},"updateCurrentConfig"),kbe=i(r=>{Vee=r===void 0?void 0:Zsr(r),gz(wb,fA)},'
    '"setDiagramConfigScope"),AHe=i(r=>(wb=Bh({},zE),wb=Bh(wb,r),Tbe=Bh({},r),r.theme&&Object.hasOwn(MT,r.theme)'
    '&&(wb.themeVariables=MT[r.theme].getThemeVariables(r.themeVariables)),gz(wb,fA),wb),"setSiteConfig"),'
    'ror=i(r=>{xbe=Bh({},r)},"saveConfigFromInitialize"),nor=i(r=>(wb=Bh(wb,r),Tbe=Bh(Tbe,r),gz(wb,fA),wb),'
    '"updateSiteConfig"),RHe=i(()=>Bh({},wb),"getSiteConfig"),Cbe=i(r=>(gz(Uee,[r]),ri()),"setConfig"),'
)

# DOMPurify's unapply: a method made callable as f(thisArg, ...args), through Reflect.apply (FHe).
_DOMPURIFY_UNAPPLY = (
    "function Xf(r){return function(t){t instanceof RegExp&&(t.lastIndex=0);"
    "for(var a=arguments.length,s=new Array(a>1?a-1:0),l=1;l<a;l++)s[l-1]=arguments[l];return FHe(r,t,s)}}"
)

# ELK's String.hashCode (GWT's emulation of java.lang.String): a bounds check per character.
_ELK_STRING_HASH = (
    "function Vy(e){var n,o;for(n=0,o=0;o<e.length;o++)n=(n<<5)-n+(un(o,e.length),e.charCodeAt(o))|0;return n}"
    'i(Vy,"ygb");'
)

# ELK's registration of its algorithms (``register`` in its worker): the core options, then each
# algorithm's, into the registry ``$w``.
_ELK_REGISTER = (
    "function G3n(e){var n,o,u;for(e6($w,Se(Ee(_6,1),Fr,148,0,[new JSe])),o=new n5e(e),u=0;u<o.a.length;++u)"
    'n=Jk(o,u).re().a,Cr(n,"layered")?e6($w,Se(Ee(_6,1),Fr,148,0,[new owt])):Cr(n,"force")?'
    'e6($w,Se(Ee(_6,1),Fr,148,0,[new Y2t])):Cr(n,"stress")?e6($w,Se(Ee(_6,1),Fr,148,0,[new K2t])):'
    'Cr(n,"mrtree")?e6($w,Se(Ee(_6,1),Fr,148,0,[new _wt])):Cr(n,"radial")?e6($w,Se(Ee(_6,1),Fr,148,0,[new Cwt])):'
    'Cr(n,"sporeOverlap")||Cr(n,"sporeCompaction")?e6($w,Se(Ee(_6,1),Fr,148,0,[new Bwt])):'
    'Cr(n,"rectpacking")&&e6($w,Se(Ee(_6,1),Fr,148,0,[new Mwt]))}i(G3n,"hHd");'
)

_THEMES = (
    "MT={base:{getThemeVariables:Lsr},dark:{getThemeVariables:Dsr},default:{getThemeVariables:hm},"
    "forest:{getThemeVariables:Msr},neutral:{getThemeVariables:Osr},neo:{getThemeVariables:Bsr},"
    '"neo-dark":{getThemeVariables:$sr},redux:{getThemeVariables:jsr},"redux-dark":{getThemeVariables:Usr},'
    '"redux-color":{getThemeVariables:Wsr},"redux-dark-color":{getThemeVariables:qsr}}'
)

#: The default theme's getThemeVariables (``hm``), which diagrams also call directly.
_DEFAULT_THEME_VARIABLES = 'hm=i(r=>{let t=new yHe;return t.calculate(r),t},"getThemeVariables")'

#: cleanUpSvgCode (``rxi``) and decodeEntities (``a2``), which it calls on the whole SVG.
_SVG_CLEANUP = (
    'a2=i(function(r){return r.replace(/\ufb02\xb0\xb0/g,"&#").replace(/\ufb02\xb0/g,"&")'
    '.replace(/\xb6\xdf/g,";")},"decodeEntities")'
)
_CLEAN_UP_SVG = (
    'rxi=i((r="",t,a)=>{let s=r;return!a&&!t&&(s=s.replace(/marker-end="url\\([\\d+./:=?A-Za-z-]*?#/g,'
    '\'marker-end="url(#\')),s=a2(s),s=s.replace(/<br>/g,"<br/>"),s},"cleanUpSvgCode")'
)

#: updateCurrentConfig, and the functions that change what it reads: the diagram scope and the
#: site config (setDiagramConfigScope, setSiteConfig, saveConfigFromInitialize,
#: updateSiteConfig) and the directives (addDirective, reset).
_UPDATE_CURRENT_CONFIG = (
    "gz=i((r,t)=>{let a=Bh({},r),s={};for(let h of t)ior(h),s=Bh(s,h);if(a=Bh(a,s),v5n(a,s),"
    "(!!s.theme||a.theme!==r.theme)&&a.theme&&Object.hasOwn(MT,a.theme)){let h=Bh({},xbe),"
    "f=Bh(h.themeVariables||{},s.themeVariables);a.themeVariables=MT[a.theme].getThemeVariables(f)}"
    'return Uee=a,x5n(Uee),Uee},"updateCurrentConfig")'
)
_SITE_CONFIG_WRITERS = (
    'kbe=i(r=>{Vee=r===void 0?void 0:Zsr(r),gz(wb,fA)},"setDiagramConfigScope"),AHe=i(r=>(wb=Bh({},zE),'
    "wb=Bh(wb,r),Tbe=Bh({},r),r.theme&&Object.hasOwn(MT,r.theme)&&(wb.themeVariables="
    'MT[r.theme].getThemeVariables(r.themeVariables)),gz(wb,fA),wb),"setSiteConfig"),ror=i(r=>{xbe=Bh({},r)},'
    '"saveConfigFromInitialize"),nor=i(r=>(wb=Bh(wb,r),Tbe=Bh(Tbe,r),gz(wb,fA),wb),"updateSiteConfig")'
)
_DIRECTIVE_WRITERS = (
    "aor=i(r=>{pz(r),r.fontFamily&&!r.themeVariables?.fontFamily&&(r.themeVariables={...r.themeVariables,"
    'fontFamily:r.fontFamily}),fA.push(r),gz(wb,fA)},"addDirective"),Wee=i((r=wb)=>{fA=[],Vee=void 0,gz(r,fA)},"reset")'
)

#: The transforms of ``mermaid.min.js``, applied in this order.
MERMAID_TRANSFORMS: tuple[SourcePatch, ...] = (
    SourcePatch(
        name="assign-with-depth-into-empty",
        find="sHe=i((r,t,{depth:a=2}={})=>{let s={depth:a};",
        replace=(
            "sHe=i((r,t,{depth:a=2}={})=>{"
            "if(__printerFastPaths.mergesIntoEmpty(r,t,a))return __printerFastPaths.mergeIntoEmpty(sHe,r,t,a);"
            "let s={depth:a};"
        ),
    ),
    SourcePatch(
        name="get-config-along-a-plan",
        # Every place the current config (Uee) is read or assigned, so that the precondition
        # covers what copyConfig relies on; only the last statement changes.
        find=_CONFIG_MODULE + 'ri=i(()=>Bh({},Uee),"getConfig")',
        replace=_CONFIG_MODULE + 'ri=i(()=>__printerFastPaths.copyConfig(Uee,Bh),"getConfig")',
    ),
    SourcePatch(
        name="elk-register-once",
        # ELK's worker-side registration (the whole function, so a release that changes what it
        # registers fails to load); only its start changes.
        find=_ELK_REGISTER,
        replace=_ELK_REGISTER.replace(
            "function G3n(e){var n,o,u;",
            "function G3n(e){var n,o,u;if(__printerFastPaths.elkRegisteredBefore($w,e))return;",
        ),
    ),
    SourcePatch(
        name="dompurify-unapply-rest-parameters",
        find=_DOMPURIFY_UNAPPLY,
        replace="function Xf(r){return function(t,...s){t instanceof RegExp&&(t.lastIndex=0);return FHe(r,t,s)}}",
    ),
    SourcePatch(
        name="compile-css-once-per-sheet",
        # createUserStyles' last statement: the one call of compileCSS (exi) in the bundle.
        find='return exi(s,h)},"createUserStyles")',
        replace='return __printerFastPaths.compileCssOnce(exi,s,h)},"createUserStyles")',
    ),
    SourcePatch(
        name="elk-string-hash-memo",
        find=_ELK_STRING_HASH,
        replace='function Vy(e){return __printerFastPaths.javaStringHash(e)}i(Vy,"ygb");',
    ),
    SourcePatch(
        name="theme-variables-once",
        # The themes' registry, where Mermaid's config module looks a theme up.
        find=_THEMES,
        replace="MT=__printerFastPaths.themesComputedOnce(" + _THEMES.removeprefix("MT=") + ")",
    ),
    SourcePatch(
        name="default-theme-variables-once",
        # The definition, so the registry's entry and the direct calls are the same kept function.
        find=_DEFAULT_THEME_VARIABLES,
        replace="hm=__printerFastPaths.themeVariablesComputedOnce("
        + _DEFAULT_THEME_VARIABLES.removeprefix("hm=")
        + ")",
    ),
    SourcePatch(
        name="current-config-rebuilt-once-per-inputs",
        # The directives are sanitized and merged first, as upstream; then the inputs' key.
        find=_UPDATE_CURRENT_CONFIG,
        replace=(
            "gz=i((r,t)=>{let s={};for(let h of t)ior(h),s=Bh(s,h);"
            "let k=__printerFastPaths.currentConfigKey(r,t,fA,Vee,Tbe,xbe),a=__printerFastPaths.keptCurrentConfig(k);"
            "if(a===void 0){if(a=Bh({},r),a=Bh(a,s),v5n(a,s),"
            "(!!s.theme||a.theme!==r.theme)&&a.theme&&Object.hasOwn(MT,a.theme)){let h=Bh({},xbe),"
            "f=Bh(h.themeVariables||{},s.themeVariables);a.themeVariables=MT[a.theme].getThemeVariables(f)}"
            "__printerFastPaths.keepCurrentConfig(k,a)}"
            'return Uee=a,x5n(Uee),Uee},"updateCurrentConfig")'
        ),
    ),
    SourcePatch(
        name="current-config-rebuilt-once-per-inputs",
        # updateSiteConfig merges into the site config and its own part in place: noted.
        find=_SITE_CONFIG_WRITERS,
        replace=_SITE_CONFIG_WRITERS.replace(
            "nor=i(r=>(wb=Bh(wb,r),Tbe=Bh(Tbe,r),gz(wb,fA),wb)",
            "nor=i(r=>(wb=Bh(wb,r),Tbe=Bh(Tbe,r),__printerFastPaths.configChanged(wb),"
            "__printerFastPaths.configChanged(Tbe),gz(wb,fA),wb)",
        ),
    ),
    SourcePatch(
        name="current-config-rebuilt-once-per-inputs",
        # Unchanged: its text is the precondition (the directives list changes only here).
        find=_DIRECTIVE_WRITERS,
        replace=_DIRECTIVE_WRITERS,
    ),
    SourcePatch(
        name="dompurify-allow-lists-copied-natively",
        # In DOMPurify's _parseConfig: the default allow-lists are copied before ADD_TAGS and
        # ADD_ATTR are added to them.
        find="pr===tr&&(pr=Ww(pr))",
        replace="pr===tr&&(pr=__printerFastPaths.cloneFlagSet(pr,Ww))",
    ),
    SourcePatch(
        name="dompurify-allow-lists-copied-natively",
        find="Mt===ot&&(Mt=Ww(Mt))",
        replace="Mt===ot&&(Mt=__printerFastPaths.cloneFlagSet(Mt,Ww))",
    ),
    SourcePatch(
        name="svg-cleanup-skips-absent-text",
        find=_SVG_CLEANUP,
        replace=(
            "a2=i(function(r){return __printerFastPaths.replaceIfPresent(__printerFastPaths.replaceIfPresent("
            '__printerFastPaths.replaceIfPresent(r,"\ufb02\xb0\xb0",/\ufb02\xb0\xb0/g,"&#"),'
            '"\ufb02\xb0",/\ufb02\xb0/g,"&"),"\xb6\xdf",/\xb6\xdf/g,";")},"decodeEntities")'
        ),
    ),
    SourcePatch(
        name="svg-cleanup-skips-absent-text",
        find=_CLEAN_UP_SVG,
        replace=(
            'rxi=i((r="",t,a)=>{let s=r;return!a&&!t&&(s=__printerFastPaths.replaceIfPresent(s,\'marker-end="url(\','
            "/marker-end=\"url\\([\\d+./:=?A-Za-z-]*?#/g,'marker-end=\"url(#')),s=a2(s),"
            's=__printerFastPaths.replaceIfPresent(s,"<br>",/<br>/g,"<br/>"),s},"cleanUpSvgCode")'
        ),
    ),
)


#: The ZenUML plugin's one parse function (``D`` is its ANTLR runtime, ``m1`` and ``h`` the
#: generated lexer and parser, ``hc`` the plugin's error listener).
_ZENUML_PARSE = (
    "function ig(o){let e=new D.InputStream(o),n=new m1(e),r=new D.CommonTokenStream(n),u=new h(r);"
    "return u.addErrorListener(new hc),u._syntaxErrors?null:u.prog()}"
)
ZENUML_TRANSFORMS: tuple[SourcePatch, ...] = (
    SourcePatch(
        name="zenuml-sll-prediction-first",
        find=_ZENUML_PARSE,
        replace=(
            "function ig(o){let e=new D.InputStream(o),n=new m1(e),r=new D.CommonTokenStream(n);"
            # stage 1: SLL prediction, bail out at the first syntax error, tell no listener
            "try{let s=new h(r);s._interp.predictionMode=D.atn.PredictionMode.SLL;"
            "s._errHandler=new D.error.BailErrorStrategy;s.removeErrorListeners();return s.prog()}catch{}"
            # stage 2: the shipped parse, from the first token again
            "r.seek(0);let u=new h(r);return u.addErrorListener(new hc),u._syntaxErrors?null:u.prog()}"
        ),
    ),
)


#: Module counters Mermaid never resets, made resettable: each patch registers a function that
#: sets its counter back to its first value in ``globalThis.__printerCounterResets``, and the
#: bundle's entries call them all before every render and parse. Not about speed, so always
#: applied (``MERMAID_PRINTER_BUNDLE_TRANSFORMS=off`` leaves them in): a counter that carries
#: over shows in the next drawing's ids, so a server's engine process, which renders and parses
#: its warm-up diagrams before forking, drew ``classId-Animal-4`` where a cold process (a one-shot
#: CLI run, and Chromium's fresh page) drew ``classId-Animal-0`` (tests/test_warm_state.py).
#: Output-neutral for every drawing made in a fresh process, which is all the corpus references.
MERMAID_COUNTER_RESETS: tuple[SourcePatch, ...] = (
    SourcePatch(
        name="reset-class-dom-id-counter",
        # classDb numbers the DOM ids of classes (classId-<name>-<n>) from this counter.
        find='OCe="classId-",MGr=0,',
        replace='OCe="classId-",MGr=0,__printerCounterReset(()=>{MGr=0}),',
    ),
    SourcePatch(
        name="reset-sequence-actor-counter",
        # The sequence renderer numbers actors' lines and groups (actor<n>, root-<n>) from this.
        find='},"drawLabel"),bc=-1,',
        replace='},"drawLabel"),bc=-1,__printerCounterReset(()=>{bc=-1}),',
    ),
)
