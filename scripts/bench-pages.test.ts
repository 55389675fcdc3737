/** Finding the page types' addresses in the site's answers. */
import { articleApiPath, availabilityIdFrom, productLinkFrom } from './bench-pages';

it("finds the store's first product link and its availability id", () => {
  const html =
    '<a href="/store/books">Books</a><a class="x" href="/product/the-practical-operator/B38281-HBK">The Practical Operator</a><a href="/product/other/B1-KND">';
  expect(productLinkFrom(html)).toBe('/product/the-practical-operator/B38281-HBK');
  expect(productLinkFrom('<a href="/store">')).toBeUndefined();
  expect(availabilityIdFrom('/product/the-practical-operator/B38281-HBK')).toBe('B38281-HBK');
  expect(availabilityIdFrom('/product/B38281-HBK')).toBeUndefined();
});

it("names an article page's JSON answer", () => {
  expect(articleApiPath('/2025/06/the-unexpected-power-of-slowing-down')).toBe('/api/article/2025/06/the-unexpected-power-of-slowing-down');
  expect(articleApiPath('/topics')).toBeUndefined();
});
