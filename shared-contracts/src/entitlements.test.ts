import { GATED_COLLECTIONS, grantAudience, grantsOf, TIER_GRANTS, tierIncludes, tierWallText, tiersWith } from './entitlements';

describe('the tier grants table (PAY-06.3)', () => {
  it('gives the case studies and executive-only items to Executive and All Access, the top 50 to every tier but Good', () => {
    expect(TIER_GRANTS).toEqual({
      ROLE_HBRG_GOOD: [],
      ROLE_HBRG_BETTER: ['PERM_TOP_50_ARTICLES'],
      ROLE_HBRG_BEST: ['PERM_VISUAL_LIBRARY', 'PERM_TOP_50_ARTICLES'],
      ROLE_HBRG_EXECUTIVE: ['PERM_VISUAL_LIBRARY', 'PERM_CASES', 'PERM_TOP_50_ARTICLES', 'EXECUTIVE_ONLY'],
      ROLE_HBRG_ALLACCESS: ['PERM_VISUAL_LIBRARY', 'PERM_CASES', 'PERM_TOP_50_ARTICLES', 'EXECUTIVE_ONLY'],
    });
    expect(tiersWith('PERM_CASES')).toEqual(['Executive', 'All Access']);
    expect(tiersWith(GATED_COLLECTIONS['executive-only'].grant)).toEqual(['Executive', 'All Access']);
  });

  it('answers the grants of a set of tiers; unknown role codes give none', () => {
    expect([...grantsOf([{ roleCode: 'ROLE_HBRG_BETTER' }])]).toEqual(['PERM_TOP_50_ARTICLES']);
    expect(grantsOf([{ roleCode: 'toString' }, { roleCode: 'ROLE_HBRG_NONE' }]).size).toBe(0);
  });

  it('lists what a tier includes, and words the tier wall', () => {
    const labels = (code: string) => tierIncludes(code).map((i) => i.label);
    expect(labels('ROLE_HBRG_GOOD')).toEqual(['Every article without a monthly limit', 'The magazine archive since 1956']);
    expect(tierIncludes('ROLE_HBRG_BETTER')).toContainEqual({ label: 'The Top 50 Articles in full', href: '/top-50-articles' });
    expect(tierIncludes('ROLE_HBRG_EXECUTIVE')).toContainEqual({ label: 'Case Selections: every case study in full', href: '/case-selections' });
    expect(labels('ROLE_HBRG_BEST')).not.toContain('Case Selections: every case study in full');
    expect(grantAudience('PERM_TOP_50_ARTICLES')).toBe('Read it in full with a Better, Best, Executive or All Access subscription.');
    expect(tierWallText('case-selections', 'Best')).toEqual({
      title: 'This case study is part of Case Selections',
      dek: 'Read it in full with an Executive or All Access subscription.',
      subDek: 'Your Best subscription does not include it.',
      cta: { text: 'Compare subscriptions', href: '/subscriptions?ab=tier-wall' },
    });
    expect(tierWallText('top-50-articles', null).subDek).toBeNull();
  });
});
