/** The /* css *\/ template minifier (decision 035): a remote's own styles cost first-view bytes. */
const loader = require('./federation/css-template-loader') as ((source: string) => string) & { minifyCss(css: string): string };

describe('css template loader', () => {
  it('minifies a marked template, keeping its expressions and the spaces selectors need', () => {
    const source = [
      "const R = '[data-remote-root=store]';",
      'const rules = /* css */ `',
      '  /* the cards */',
      '  ${R} .product-card  .title {',
      '    font: 700 var(--step-1) / 1.2 var(--font-serif);',
      '    margin: 0 ;',
      '  }',
      '  @media (min-width: 768px) { ${R} .grid { grid-template-columns: repeat(2, 1fr); } }',
      '`;',
    ].join('\n');
    const out = loader(source);
    expect(out).toContain(
      'const rules = /* css */ `${R} .product-card .title{font:700 var(--step-1) / 1.2 var(--font-serif);margin:0}@media (min-width:768px){${R} .grid{grid-template-columns:repeat(2,1fr)}}`;',
    );
  });

  it('minifies a template assigned to a constant named CSS (the convention of every styles file)', () => {
    expect(loader('const CSS = `\n  .a  .b {  color: var(--ink);  }\n`;')).toBe('const CSS = `.a .b{color:var(--ink)}`;');
  });

  it('leaves unmarked templates alone', () => {
    const source = 'const message = `Hello,   ${name} {braces} stay`;';
    expect(loader(source)).toBe(source);
  });

  it('drops comments and whitespace the way the site stylesheet is minified', () => {
    expect(loader.minifyCss('a { color: red ; }\n/* x */\nb , i { margin : 0 }')).toBe('a{color:red}b,i{margin :0}');
  });
});
