/**
 * The search page preloads the chunks its script imports (src/lib/site/module-preload.ts;
 * issue 30, search's first result).
 */
import { describe, expect, it } from 'vitest';
import { moduleScripts, staticImports, withModulePreloads } from '../../src/lib/site/module-preload.ts';

describe('module preloads', () => {
  it('reads a bundle’s static imports, not its dynamic ones, each once', () => {
    const js = 'import{a as e,i as t}from"./url-state.BxNpDnIx.js";import*as n from"./grouped.Ab1.js";import"./side.C2.js";import{b}from"./url-state.BxNpDnIx.js";var o=()=>import("./export-recap.D3.js");';
    expect(staticImports(js)).toEqual(['./url-state.BxNpDnIx.js', './grouped.Ab1.js', './side.C2.js']);
    expect(staticImports('var a="import{x}from\\"./no.js\\"";')).toEqual([]);
    expect(staticImports('const x = 1;')).toEqual([]);
  });

  it('adds a link per chunk before the first module script, once', () => {
    const html = '<head><link rel="preload" href="/search-index/manifest.json" as="fetch"><script type="module" src="/_astro/search.B4.js"></script><script type="module" src="/_astro/Base.C.js"></script></head>';
    expect(moduleScripts(html)).toEqual(['/_astro/search.B4.js', '/_astro/Base.C.js']);
    const once = withModulePreloads(html, ['/_astro/url-state.B.js']);
    expect(once).toBe('<head><link rel="preload" href="/search-index/manifest.json" as="fetch"><link rel="modulepreload" href="/_astro/url-state.B.js"><script type="module" src="/_astro/search.B4.js"></script><script type="module" src="/_astro/Base.C.js"></script></head>');
    // A page carried over from the previous build keeps one link.
    expect(withModulePreloads(once, ['/_astro/url-state.B.js'])).toBe(once);
    expect(withModulePreloads('<p>no script</p>', ['/_astro/x.js'])).toBe('<p>no script</p>');
  });
});
