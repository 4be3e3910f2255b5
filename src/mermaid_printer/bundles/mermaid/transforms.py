"""Load-time transforms of Mermaid's bundle: where upstream code is slow only under an interpreter.

The vendored ``mermaid.min.js`` stays byte-identical on disk; these :class:`SourcePatch` values
rewrite its text as the engine loads it. Each replaces an exact text that must occur exactly as
often as it says, so a new Mermaid release that changed it fails to load, loudly, instead of
silently running unpatched. The speed transforms (``MERMAID_TRANSFORMS``, ``ZENUML_TRANSFORMS``)
call helpers in ``js/fast_paths.js`` that compute exactly what the code they stand in for
computes; ``MERMAID_COUNTER_RESETS`` (always on) resets module counters Mermaid never resets.

Each transform is justified by a profile (``benchmarks/profile_render.py``), covered by a test
(``tests/bundles/mermaid/test_mermaid_transforms.py``) and proven output-neutral over the corpus
(``scripts/corpus_digest.py``, with ``MERMAID_PRINTER_BUNDLE_TRANSFORMS=off`` for the run
without). Why each one, and why it computes the same: ``docs/decisions/0002-mermaid-load-time-
transforms.md``.
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
