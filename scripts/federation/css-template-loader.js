/**
 * Minifies the CSS a component ships as a template literal marked `/* css *\/` or assigned to a
 * constant named `CSS` (`const CSS = `...``, the site's convention; decision 035): a
 * remote's own styles are JavaScript strings, and every byte of them is on its first view. Comments
 * go, whitespace runs become one space, and the spaces around `{ } ; ,` and after `:` go; `${...}` expressions are kept as they are. Runs before ts-loader on the TypeScript source.
 */
const MARKED = /(\/\*\s*css\s*\*\/\s*|\bconst CSS = )`((?:\\[\s\S]|\$\{[^}]*\}|[^`\\$]|\$(?!\{))*)`/g;

function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

function minifyTemplate(body) {
  const expressions = [];
  const held = body.replace(/\$\{[^}]*\}/g, (expression) => `__css_expr_${expressions.push(expression) - 1}__`);
  return minifyCss(held).replace(/__css_expr_(\d+)__/g, (_, i) => expressions[Number(i)]);
}

module.exports = function cssTemplateLoader(source) {
  return source.replace(MARKED, (_, mark, body) => `${mark}\`${minifyTemplate(body)}\``);
};
module.exports.minifyCss = minifyCss;
module.exports.minifyTemplate = minifyTemplate;
