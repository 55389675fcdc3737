import * as Commerce from './commerce';
import * as Constants from './constants';
import * as Discovery from './discovery';
import * as AccountScreens from './account-screens';
import * as CaptchaActions from './captcha-actions';
import * as ProfileOptions from './profile-options';
import * as Library from './library';
import * as Video from './video';
import * as Visual from './visual';

/** The constants of the specs, wherever they live: constants.ts, or the module of their area. */
const C = { ...Constants, ...AccountScreens, ...CaptchaActions, ...ProfileOptions, ...Discovery, ...Library, ...Commerce, ...Video, ...Visual };

describe('paywall spec section 9 constants', () => {
  it('timings', () => {
    expect(C.VIDEO_END_COUNTDOWN_SECONDS).toBe(10);
    expect(C.FORGOT_PASSWORD_AUTO_CLOSE_MS).toBe(5000);
  });

  it('video', () => {
    expect(C.PLAYLIST_LOAD_MORE_COUNT).toBe(6);
    expect(C.VIDEO_ASPECT_RATIO_PERCENT).toBe(56.25);
    expect(C.VIDEO_EMBED_SIZE).toEqual({ width: 480, height: 270 });
    expect(C.PLAYLIST_AD_SLOT_PLAYLISTS).toEqual(['What to watch next', 'The Latest', 'Explainers']);
    expect(C.PLAYLIST_AD_SLOT_AFTER_TILE).toBe(2);
  });

  it('visual library and left nav', () => {
    expect(C.VISUAL_LIBRARY_PAGE_SIZE).toBe(10);
    expect(C.VISUAL_LIBRARY_COLLECTION_EVERY).toBe(3);
    expect(C.COLLECTION_SUMMARY_MAX_CHARS).toBe(165);
    expect(C.PAGINATION_MAX_ITEMS).toBe(7);
    expect(C.LEFT_NAV).toEqual({ showOffsetPx: -16, hideNearFooterPx: 20, hideNearPaywallPx: 75, firstEvaluationMs: 500 });
    expect(C.NAV_CAROUSEL).toEqual({ enabledBelowPx: 768, slides: 2 });
  });

  it('banner, promo, passwords, lists', () => {
    expect(C.CONFIRMATION_BANNER_DISMISS_SCROLL_PX).toBe(250);
    expect(C.PROMO_INSERT_FRACTION).toBe(0.5);
    expect(C.READING_LIST_RELATED_MAX).toBe(3);
    expect(C.PRICE_DECIMALS).toBe(2);
  });

  it('captcha actions: every screen has modal, paywall, sub and sync_sub, all distinct', () => {
    expect(Object.keys(C.CAPTCHA_ACTIONS)).toEqual(['sign_in', 'register', 'forgot_pass']);
    const all: string[] = [];
    for (const screen of ['sign_in', 'register', 'forgot_pass'] as const) {
      expect(Object.keys(C.CAPTCHA_ACTIONS[screen])).toEqual(['modal', 'paywall', 'sub', 'sync_sub']);
      for (const variant of ['modal', 'paywall', 'sub', 'sync_sub'] as const) {
        const action = C.CAPTCHA_ACTIONS[screen][variant];
        expect(action).toBe(`${screen}_${variant}`);
        expect(action).toMatch(/^[A-Za-z0-9_/]+$/);
        all.push(action);
      }
    }
    expect(new Set(all).size).toBe(12);
  });

  it('topic taxonomy roots', () => {
    expect(C.TOPIC_TAXONOMY_ROOTS).toHaveLength(11);
    expect(C.TOPIC_TAXONOMY_ROOTS[0]).toBe('Business and society');
    expect(C.TOPIC_TAXONOMY_ROOTS[10]).toBe('Technology and analytics');
  });
});

describe('site spec section 9 constants', () => {
  it('layout', () => {
    expect(C.MOBILE_BREAKPOINT_PX).toBe(767);
    expect(C.SCROLL_THROTTLE_MS).toEqual({ header: 125, tabBar: 500 });
    expect(C.CAROUSEL_SPEED_MS).toBe(300);
    expect(C.SOCIAL_SHARE_POPUP_SIZE).toEqual({ width: 700, height: 450 });
  });

  it('streams', () => {
    expect(C.STREAM_PAGE_SIZE).toBe(8);
    expect(C.STREAM_PAGE_SIZE_WITH_ATTRIBUTE).toBe(10);
    expect(C.STREAM_AUTOLOAD_PAGES).toBe(2);
    expect([...C.STREAMS_COUNTING_FROM_ONE].sort()).toEqual(['analytics', 'ascend', 'search', 'visual-library', 'webinars']);
  });

  it('auto-suggest', () => {
    expect(C.AUTO_SUGGEST).toEqual({ minTermLengthExclusive: 2, throttleMs: 350, maxRecords: 6, maxSubjects: 3 });
  });

  it('flyouts', () => {
    expect(C.FLYOUT_CONFIRMATION_MS).toBe(2000);
    expect(C.FLYOUT_CONFIRMATION_FORGOT_PASSWORD_MS).toBe(7000);
    expect(C.SAVE_FAILED_FOLLOW_UP_MS).toBe(5000);
  });

  it('cart and store', () => {
    expect(C.REFERRAL_CODES).toEqual({ topicsOrHome: '03069', searchMoreResults: '02749', addToCartDefault: '02749' });
    expect(C.DEFAULT_QUANTITY).toBe(1);
    expect(C.CURRENCY).toBe('USD');
    expect(C.ORDER_ENTRY_MAX_LINE_ITEMS).toBe(5);
    expect(C.CASE_STUDY_ACCESS_MONTHS).toBe(6);
    expect(C.SUBSCRIPTION_ORDER_COOKIE_DAYS).toBe(7);
  });

  it('topics copy', () => {
    expect(C.TOPICS_COUNT_COPY).toBe('150+');
    expect(C.EMPTY_TOPICS_SUGGESTIONS).toEqual([
      'Strategy',
      'Negotiation strategies',
      'Managing Yourself',
      'Economics',
      'Leading Teams',
      'Decision making and problem solving',
      'Innovation',
      'Marketing',
    ]);
  });

  it('header logo thresholds and banner', () => {
    expect(C.HEADER_LOGO_THRESHOLDS).toEqual({
      desktop: { bigBelowPx: 100, smallAbovePx: 250 },
      mobile: { bigBelowPx: 90, smallAbovePx: 200 },
    });
    expect(C.PERSISTENT_BANNER_HIDE_MS).toBe(1000);
  });
});

describe('lists from other sections', () => {
  it('job titles (13), company sizes (8), industries (24), in spec order', () => {
    expect(C.JOB_TITLES).toHaveLength(13);
    expect(C.JOB_TITLES[0]).toBe('Administrative');
    expect(C.JOB_TITLES[12]).toBe('Vice President/Director/General Manager');
    expect(C.COMPANY_SIZES).toEqual(['Self-Employed', '1 to 4', '5 to 99', '100 to 499', '500 to 999', '1000 to 4999', '5000 to 9999', '10000+']);
    expect(C.INDUSTRIES).toHaveLength(24);
    expect(C.INDUSTRIES).toContain('Food & Beverage');
    expect(C.INDUSTRIES[23]).toBe('Travel/Entertainment');
  });

  it('subscriber tiers table', () => {
    expect(C.SUBSCRIBER_TIERS).toEqual({
      ROLE_HBRG_GOOD: { label: 'Good', caption: 'Digital' },
      ROLE_HBRG_BETTER: { label: 'Better', caption: 'Digital + Print' },
      ROLE_HBRG_BEST: { label: 'Best', caption: 'Premium' },
      ROLE_HBRG_EXECUTIVE: { label: 'Executive', caption: null },
      ROLE_HBRG_ALLACCESS: { label: 'All Access', caption: null },
    });
    expect(C.SUBSCRIBER_ROLE_CODES).toHaveLength(5);
  });

  it('permissions, sources, auth modal', () => {
    expect(C.AUTH_MODAL_ACTIONS).toEqual(['registration', 'signin', 'forgot-password']);
    expect(C.AUTH_MODAL_PARENT_MESSAGES).toEqual({ goBack: 'OnGoBack', close: 'OnClose' });
    expect(C.DEVICE_TYPE).toBe('WEB_SITE');
  });

  it('SKU suffixes', () => {
    expect(C.SKU_SUFFIX_TYPES).toEqual({
      KND: 'ebook',
      BUN: 'bundle',
      PDF: 'digital',
      HTM: 'digital',
      ZIP: 'digital',
      PPT: 'digital',
      XLS: 'digital',
      EPB: 'digital',
    });
  });
});
