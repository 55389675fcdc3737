/**
 * The remotes are listed twice, for two worlds that cannot import each other: scripts/apps.mjs (the
 * JavaScript build and serve tooling) and dev-server's REMOTE_ENV (the server's environment). They
 * must name the same remotes, variables and default ports, in the order of REMOTE_NAMES.
 */
import { REMOTE_NAMES } from 'shared-contracts';
import { REMOTE_ENV } from '../dev-server/src/config';
import { REMOTES } from './apps.mjs';

describe('remote list', () => {
  it('is the same for the build tooling and the server', () => {
    const tooling = REMOTES.map(({ name, env, port }) => ({ name, env, port }));
    const server = REMOTE_ENV.map(({ name, env, port }) => ({ name, env, port }));
    expect(tooling).toEqual(server);
    expect(tooling.map((r) => r.name)).toEqual([...REMOTE_NAMES]);
  });
});
