import { sampleUser } from './testing';
import { chartDownloadHref, chartFileName, digestDownloadPath, permissionsOf } from './visual';

const chart = { url: '/data-visuals/images/c12.svg', contentImage: '/data-visuals/images/c12.svg' };
const subscriber = (roleCode: string) =>
  sampleUser({ status: 'subscriber', tiers: [{ roleCode }], subscriber: { accountNumber: '7', digest: 'ab12', subscriptions: [] } });

describe('visual library permissions and downloads', () => {
  it('gives the visual library to the premium tiers only', () => {
    expect(permissionsOf([{ roleCode: 'ROLE_HBRG_BEST' }]).has('PERM_VISUAL_LIBRARY')).toBe(true);
    expect(permissionsOf([{ roleCode: 'ROLE_HBRG_ALLACCESS' }]).has('PERM_VISUAL_LIBRARY')).toBe(true);
    expect(permissionsOf([{ roleCode: 'ROLE_HBRG_GOOD' }]).has('PERM_VISUAL_LIBRARY')).toBe(false);
    expect(permissionsOf([{ roleCode: 'toString' }]).size).toBe(0);
  });

  it('links subscribers with the permission through their digest, everyone else to the item', () => {
    expect(chartFileName(chart)).toBe('c12.svg');
    expect(digestDownloadPath('ab/12', chart)).toBe('/data-visuals/download/ab%2F12/c12.svg');
    expect(chartDownloadHref(chart, subscriber('ROLE_HBRG_BEST'))).toBe('/data-visuals/download/ab12/c12.svg');
    expect(chartDownloadHref(chart, subscriber('ROLE_HBRG_GOOD'))).toBe(chart.url);
    expect(chartDownloadHref(chart, sampleUser())).toBe(chart.url);
    expect(chartDownloadHref(chart, null)).toBe(chart.url);
  });
});
