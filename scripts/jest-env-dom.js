// jsdom with the web platform pieces Node has and jsdom lacks (fetch, Response, Headers,
// TextEncoder, structuredClone), so components are tested against the same APIs a browser has.
const { TestEnvironment } = require('jest-environment-jsdom');

class DomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'AbortController',
      'AbortSignal',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
      'ReadableStream',
    ]) {
      if (typeof g[name] === 'undefined' && typeof globalThis[name] !== 'undefined') g[name] = globalThis[name];
    }
  }
}
module.exports = DomEnvironment;
