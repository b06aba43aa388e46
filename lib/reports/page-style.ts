/**
 * What the shared pages (a call's report, the insights of a period) look like alike: colours, type,
 * the column, headings, facts, section links and notices. Each page adds its own rules after these
 * and sends the whole as its one stylesheet, allowed by its hash.
 */
export const BASE_STYLE = `:root{color-scheme:light;--ink:#1d2226;--muted:#5b6470;--line:#d7dbe0;--internal:#4f46e5;--external:#0d9488;--unknown:#9ca3af;--question:#b45309;--objection:#b91c1c}
*{box-sizing:border-box}body{font:16px/1.5 system-ui,sans-serif;color:var(--ink);margin:0;background:#fff}
main{max-width:64rem;margin:0 auto;padding:1rem 1.25rem 3rem}h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;border-bottom:1px solid var(--line);padding-bottom:.25rem;margin-top:2.5rem}h3{font-size:1rem;margin:1.5rem 0 .5rem}
a{color:#1d4ed8}.muted,.hint{color:var(--muted);font-size:.9rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}dl.facts dt{font-weight:600}dl.facts dd{margin:0;overflow-wrap:anywhere}
nav.sections ul{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;padding:0;margin:1rem 0}
.warnings{background:#fff8e1;border:1px solid #c9a227;padding:.5rem 1rem .5rem 2rem}.notice{background:#f3f4f6;border-left:4px solid var(--unknown);padding:.5rem 1rem}
`;
