import { nextTask } from './nextTask';
import { startFirstPage } from './routeChunks';

// The start in steps, each in a task of its own (decision 024), so that no single task holds the
// main thread for long:
// 1. the federation runtime (this script);
// 2. the first page's own chunk (routeChunks.ts), then shared-contracts with zod: the first import
//    of a shared module negotiates the share scope (an async boundary: shared singletons are
//    negotiated before any shared module is evaluated, docs/architecture.md, Module Federation pitfall 1);
// 3. React;
// 4. the shell's app and its first render.
// Their chunks are already downloading (index.html's after-first-paint preloads), so the steps add
// no round trip; they only keep each task short.
void nextTask()
  .then(() => {
    startFirstPage(location.pathname)?.catch(() => undefined);
    return import('shared-contracts');
  })
  .then(nextTask)
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./bootstrap'));
