/**
 * Downloads of bought digital products over HTTP (PAY-01.3): the links an order and My Library's
 * Ordered tab give, the files they serve, and the checks made on every request (sign-in, owner,
 * line, format, cancelled, case-study expiry by the server's clock).
 */
import request from 'supertest';
import { ApiErrorBodySchema, CSRF_HEADER, CSRF_VALUE, DOWNLOAD_TEXT, type DownloadLink, type Order, OrderSchema, TEST_CARDS } from 'shared-contracts/server';
import { DEMO_READER, DEMO_SUBSCRIBER } from '../seed/demo-users';
import { registerFresh } from '../test/accounts';
import { sampleAddress } from '../test/commerce';
import { sessionOf } from '../test/discovery';
import { asBytes, createTestApp, TEST_NOW, UNLIMITED, type TestApp } from '../test/harness';
import { libraryStream } from '../test/library';

let t: TestApp;

/** One available product of each downloadable kind, found by what it is. */
const ids = { ebook: '', casePdf: '', caseHtml: '', zip: '', ppt: '', xls: '', epub: '', permission: '' };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: UNLIMITED });
  const products = await t.db.selectFrom('products').selectAll().where('availability_status', '=', 'AVAILABLE').orderBy('position').execute();
  const find = (test: (p: (typeof products)[number]) => boolean) => products.find(test)!.availability_id;
  ids.ebook = find((p) => p.kind === 'product' && p.sku.endsWith('-KND'));
  ids.casePdf = find((p) => p.category_slug === 'case-studies' && p.sku.endsWith('-PDF'));
  ids.caseHtml = find((p) => p.category_slug === 'case-studies' && p.sku.endsWith('-HTM'));
  ids.zip = find((p) => p.category_slug === 'toolkits' && p.sku.endsWith('-ZIP'));
  ids.ppt = find((p) => p.category_slug === 'toolkits' && p.sku.endsWith('-PPT'));
  ids.xls = find((p) => p.category_slug === 'toolkits' && p.sku.endsWith('-XLS'));
  ids.epub = find((p) => p.category_slug === 'magazine-issues' && p.sku.endsWith('-EPB'));
  ids.permission = find((p) => p.kind === 'perm' && p.category_slug === 'case-studies');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(TEST_NOW));

function get(path: string, sid?: string) {
  const req = asBytes(request(t.app).get(path));
  return sid ? req.set('Cookie', `sid=${sid}`) : req;
}

function send(method: 'post', path: string, sid: string, body: unknown) {
  return request(t.app)
    [method](path)
    .set(CSRF_HEADER, CSRF_VALUE)
    .set('Cookie', `sid=${sid}`)
    .send(body as object);
}

/** A new member who bought `availabilityIds` (digital only: billing address, no shipping). */
async function buyer(availabilityIds: string[]): Promise<{ sid: string; order: Order; account: { email: string; password: string } }> {
  const { sid, email, password } = await registerFresh(t);
  await send('post', '/api/shopping-cart', sid, { items: availabilityIds.map((availabilityId) => ({ availabilityId, quantity: 1 })) }).expect(200);
  await send('post', '/api/commerce/shipping-payment', sid, {
    shippingAddress: null,
    billingAddress: sampleAddress(),
    billingSameAsShipping: false,
    shippingMethod: null,
    card: { number: TEST_CARDS.approved, expMonth: 12, expYear: 2030, cvc: '123', nameOnCard: 'Ada Lovelace' },
  }).expect(200);
  const order = OrderSchema.parse((await send('post', '/api/commerce/order/submit', sid, {}).expect(201)).body);
  return { sid, order, account: { email, password } };
}

const lineOf = (order: Order, sku: string) => order.lines.find((l) => l.sku === sku)!;
const linksOf = (order: Order, sku: string): DownloadLink[] => lineOf(order, sku).downloads ?? [];
const messageOf = (res: request.Response) => ApiErrorBodySchema.parse(JSON.parse((res.body as Buffer).toString('utf8'))).message;

/** The name of the first entry of a ZIP and where its data starts (local header at byte 0). */
function firstZipEntry(bytes: Buffer): { name: string; method: number; data: string } {
  expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
  const nameLength = bytes.readUInt16LE(26);
  const extra = bytes.readUInt16LE(28);
  const size = bytes.readUInt32LE(18);
  const start = 30 + nameLength + extra;
  return {
    name: bytes.subarray(30, 30 + nameLength).toString('utf8'),
    method: bytes.readUInt16LE(8),
    data: bytes.subarray(start, start + size).toString('utf8'),
  };
}

describe('download links', () => {
  it('gives each digital line of an order its links per format, and none to permissions', async () => {
    const { order } = await buyer([ids.ebook, ids.casePdf, ids.caseHtml, ids.zip, ids.ppt, ids.xls, ids.epub, ids.permission]);
    const formats = (sku: string) => linksOf(order, sku).map((d) => [d.format, d.label]);
    expect(formats(ids.ebook)).toEqual([
      ['epub', 'EPUB'],
      ['pdf', 'PDF'],
    ]);
    expect(formats(ids.casePdf)).toEqual([['pdf', 'PDF']]);
    expect(formats(ids.caseHtml)).toEqual([['html', 'HTML']]);
    expect(formats(ids.zip)).toEqual([['zip', 'ZIP']]);
    expect(formats(ids.ppt)).toEqual([['pptx', 'PowerPoint']]);
    expect(formats(ids.xls)).toEqual([['xlsx', 'Excel']]);
    expect(formats(ids.epub)).toEqual([['epub', 'EPUB']]);
    expect(linksOf(order, ids.permission)).toEqual([]);
    const ebook = lineOf(order, ids.ebook);
    expect(ebook.downloads![0]).toEqual({
      link: `/api/downloads/${order.id}/${ebook.lineId}/epub`,
      format: 'epub',
      label: 'EPUB',
      expiresAt: null,
      expired: false,
    });
    // A case study's access ends six months after purchase (SITE-09).
    expect(linksOf(order, ids.casePdf)[0]).toMatchObject({ expiresAt: '2026-01-01T12:00:00.000Z', expired: false });
  });
});

describe('GET /api/downloads/{orderId}/{lineId}/{format}', () => {
  it('serves each file as a private attachment of its type, the same bytes every time', async () => {
    const { sid, order } = await buyer([ids.ebook, ids.caseHtml, ids.zip, ids.ppt, ids.xls]);
    const [epubLink, pdfLink] = linksOf(order, ids.ebook);

    const pdf = await get(pdfLink!.link, sid).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.pdf"$/);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const pdfText = (pdf.body as Buffer).toString('latin1');
    expect(pdfText.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdfText.trimEnd().endsWith('%%EOF')).toBe(true);
    const title = lineOf(order, ids.ebook).title.replace(/[()\\]/g, '');
    expect(pdfText).toContain(title.split(':')[0]!);

    const epub = await get(epubLink!.link, sid).expect(200);
    expect(epub.headers['content-type']).toBe('application/epub+zip');
    expect(epub.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.epub"$/);
    expect(firstZipEntry(epub.body as Buffer)).toEqual({ name: 'mimetype', method: 0, data: 'application/epub+zip' });
    expect((epub.body as Buffer).toString('latin1')).toContain('META-INF/container.xml');
    expect((await get(epubLink!.link, sid).expect(200)).body).toEqual(epub.body);

    const html = await get(linksOf(order, ids.caseHtml)[0]!.link, sid).expect(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-disposition']).toMatch(/\.html"$/);
    // Opened from the site's origin anyway, it could run nothing.
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect((html.body as Buffer).toString('utf8')).toMatch(/^<!DOCTYPE html>/);

    const zip = await get(linksOf(order, ids.zip)[0]!.link, sid).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(firstZipEntry(zip.body as Buffer).name).toMatch(/^[a-z0-9-]+\/README\.txt$/);

    const pptx = await get(linksOf(order, ids.ppt)[0]!.link, sid).expect(200);
    expect(pptx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(firstZipEntry(pptx.body as Buffer).name).toBe('[Content_Types].xml');
    const xlsx = await get(linksOf(order, ids.xls)[0]!.link, sid).expect(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx"$/);
  });

  it('refuses a guest', async () => {
    const { order } = await buyer([ids.ebook]);
    const res = await get(linksOf(order, ids.ebook)[0]!.link).expect(401);
    expect(messageOf(res)).toBe(DOWNLOAD_TEXT.signIn);
  });

  it("refuses another member's order as if it did not exist", async () => {
    const { order } = await buyer([ids.ebook]);
    const other = await registerFresh(t);
    const res = await get(linksOf(order, ids.ebook)[0]!.link, other.sid).expect(404);
    expect(messageOf(res)).toBe(DOWNLOAD_TEXT.notAvailable);
    expect(res.headers['content-disposition']).toBeUndefined();
    const unknown = await get(`/api/downloads/o-000000000000/0/pdf`, other.sid).expect(404);
    expect(messageOf(unknown)).toBe(DOWNLOAD_TEXT.notAvailable);
  });

  it('refuses a format the line was not bought in, and a permissions line', async () => {
    const { sid, order } = await buyer([ids.casePdf, ids.permission]);
    const pdfLine = lineOf(order, ids.casePdf);
    expect(messageOf(await get(`/api/downloads/${order.id}/${pdfLine.lineId}/epub`, sid).expect(404))).toBe(DOWNLOAD_TEXT.notAvailable);
    await get(`/api/downloads/${order.id}/${lineOf(order, ids.permission).lineId}/pdf`, sid).expect(404);
    await get(`/api/downloads/${order.id}/${pdfLine.lineId}/exe`, sid).expect(404);
    await get(`/api/downloads/${order.id}/${pdfLine.lineId}/pdf`, sid).expect(200);
  });

  it('refuses a guessed line id', async () => {
    const { sid, order } = await buyer([ids.ebook]);
    for (const lineId of ['1', '7', '9999', 'x', '-1', '0.5']) {
      const res = await get(`/api/downloads/${order.id}/${encodeURIComponent(lineId)}/pdf`, sid).expect(404);
      expect(messageOf(res)).toBe(DOWNLOAD_TEXT.notAvailable);
    }
  });

  it("ends a case study's downloads six months after purchase, by the server's clock; an ebook's never", async () => {
    const { order, account } = await buyer([ids.casePdf, ids.ebook]);
    const caseLink = linksOf(order, ids.casePdf)[0]!.link;
    t.clock.set('2026-01-01T11:59:59.000Z');
    // Six months on, the session of the purchase has ended: the member signs in again.
    const sid = await sessionOf(t, account);
    await get(caseLink, sid).expect(200);
    t.clock.set('2026-01-01T12:00:00.000Z');
    const expired = await get(caseLink, sid).expect(410);
    expect(messageOf(expired)).toBe('Your access to this case study ended on January 01, 2026.');
    expect(expired.headers['content-disposition']).toBeUndefined();
    await get(linksOf(order, ids.ebook)[1]!.link, sid).expect(200);

    // The order page and My Library show the link as expired.
    const again = OrderSchema.parse(JSON.parse((await get(`/api/commerce/order/${order.id}`, sid).expect(200)).body.toString('utf8')));
    expect(linksOf(again, ids.casePdf)[0]).toMatchObject({ expired: true, expiresAt: '2026-01-01T12:00:00.000Z' });
    expect(linksOf(again, ids.ebook).every((d) => !d.expired)).toBe(true);
    const ordered = await libraryStream(t, '/service/user/history/ordered', sid);
    const entry = ordered.entry[0]!.content.order!;
    expect(entry.hasDownloads).toBe(true);
    const caseLine = entry.lineItems.find((l) => l.contentType === 'Case Study')!;
    expect(caseLine.downloads).toEqual([expect.objectContaining({ link: caseLink, format: 'pdf', expired: true })]);
  });
});

describe("My Library's Ordered tab", () => {
  it('lists the same links per line as the order page', async () => {
    const { sid, order } = await buyer([ids.ebook, ids.zip]);
    const ordered = await libraryStream(t, '/service/user/history/ordered', sid);
    const entry = ordered.entry[0]!.content.order!;
    expect(entry.orderId).toBe(order.id);
    expect(entry.hasDownloads).toBe(true);
    expect(entry.lineItems.map((l) => l.downloads)).toEqual(order.lines.map((l) => l.downloads));
  });

  it("gives the seeded subscriber's case studies their links, and a cancelled order none (403 at the link)", async () => {
    const sid = await sessionOf(t, DEMO_SUBSCRIBER);
    const ordered = await libraryStream(t, '/service/user/history/ordered', sid);
    const basket = ordered.entry.map((e) => e.content.order!).find((o) => o.lineItems.length > 1)!;
    const cases = basket.lineItems.filter((l) => l.contentType === 'Case Study');
    expect(cases.length).toBe(2);
    for (const line of cases) {
      expect(line.downloads!.length).toBeGreaterThan(0);
      await get(line.downloads![0]!.link, sid).expect(200);
    }
    const subscription = ordered.entry.map((e) => e.content.order!).find((o) => o.accountNumber !== null)!;
    expect(subscription.hasDownloads).toBe(false);

    const readerSid = await sessionOf(t, DEMO_READER);
    const cancelled = (await libraryStream(t, '/service/user/history/ordered', readerSid)).entry[0]!.content.order!;
    expect(cancelled.orderStatus).toBe('CANCELLED');
    expect(cancelled.hasDownloads).toBe(false);
    const row = await t.db.selectFrom('order_lines').select(['position']).where('order_id', '=', cancelled.orderId).executeTakeFirstOrThrow();
    const res = await get(`/api/downloads/${cancelled.orderId}/${row.position}/pdf`, readerSid).expect(403);
    expect(messageOf(res)).toBe(DOWNLOAD_TEXT.cancelled);
  });
});
