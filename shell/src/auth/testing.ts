/**
 * Test helpers of the account screens (imported by tests only, never by the app). mockApi answers
 * by "METHOD /path" on top of mockFetch-style JSON responses, adds response headers where a test
 * needs them (the registration flag), and keeps captcha and geolocation answers by default.
 */
import { REGISTRATION_HEADER, REGISTRATION_HEADER_VALUE } from 'shared-contracts';
import { mockApiRoutes, resetAccountTestState } from 'shared-contracts/src/testing';
import { nav } from './navigation';

/** The API fake of every package's tests (shared-contracts/src/testing.ts). */
export const mockApi = mockApiRoutes;
export type { ApiAnswer as Answer } from 'shared-contracts/src/testing';

/** The registration success header, as the server sends it. */
export const FLAGGED = { [REGISTRATION_HEADER]: REGISTRATION_HEADER_VALUE };

/** Fresh module caches, a guest store, an empty data layer and no real navigation. */
export const resetAuthTestState = () => resetAccountTestState(nav);
