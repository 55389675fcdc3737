/**
 * The account page's own copy (PLAT-15). NOT IN SPEC: the spec has no account page, so these texts
 * are ours; the fixed strings (field errors, the password messages, the maintenance notice, the
 * profile lists) come from shared-contracts.
 */
export const ACCOUNT_TEXT = {
  heading: 'My Account',
  /** The user menu's link and its target. */
  menuLink: 'My Account',
  intro: 'Your profile, sign-in details, subscription, newsletters and orders.',
  profile: {
    heading: 'Profile settings',
    intro: 'Tell us about your work: we use it to choose what we show you.',
    save: 'Save profile',
    saved: 'Your profile settings are saved.',
  },
  email: {
    heading: 'Email address',
    current: (email: string) => `You sign in with ${email}.`,
    unconfirmed: 'This address is not confirmed yet: follow the link we mailed to it.',
    newLabel: 'New email address',
    passwordLabel: 'Current password',
    submit: 'Change email',
    same: 'This is already your email address.',
    sent: (email: string, current: string) => `We sent a link to ${email}. Your address changes when you follow it; until then you sign in with ${current}.`,
  },
  password: {
    heading: 'Password',
    intro: 'Changing your password signs you out on your other devices.',
    submit: 'Change password',
  },
  subscription: {
    heading: 'Subscription',
    none: 'You do not have a subscription.',
    subscribe: 'See subscription offers',
    tier: 'Subscription',
    term: 'Term',
    accountNumber: 'Account number',
    status: 'Status',
    start: 'Start date',
    expiration: 'Expiration date',
    renewals: 'Renewals',
    renewed: (n: number) => (n === 0 ? 'Not renewed yet' : `Renewed ${n} ${n === 1 ? 'time' : 'times'}`),
  },
  newsletters: {
    heading: 'Newsletters',
    loading: 'Loading your newsletters…',
    failed: 'We could not load your newsletters. Please try again later.',
    none: 'You are not subscribed to any newsletters.',
    some: 'You receive:',
    manage: 'Manage newsletters',
  },
  orders: {
    heading: 'Orders',
    loading: 'Loading your orders…',
    failed: 'We could not load your orders. Please try again later.',
    none: 'You have not placed any orders.',
    order: (number: string) => `Order ${number}`,
    date: 'Date',
    total: 'Total',
    status: 'Status',
    receipt: 'Receipt',
    receiptFor: (number: string) => `Receipt for order ${number}`,
    more: (shown: number, total: number) => `Showing your ${shown} latest of ${total} orders.`,
    all: 'All orders in My Library',
    shop: 'Visit the store',
  },
} as const;
