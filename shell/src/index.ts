import { nextTask } from './nextTask';
import { startFirstPage } from './routeChunks';

// An async boundary: shared singletons are negotiated before any shared module is evaluated
// (TOOLCHAIN pitfall 1). The first page's own chunk starts alongside (routeChunks.ts).
startFirstPage(location.pathname)?.catch(() => undefined);
// The start in steps, each in a task of its own (decision 024): the federation runtime (this
// script), then shared-contracts with zod, then React, then the shell's app and its first render.
// Their chunks are already downloading (index.html's after-first-paint preloads), so the steps add
// no round trip; they only keep each task short.
void nextTask()
  .then(() => import('shared-contracts'))
  .then(nextTask)
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./bootstrap'));
