import { startFirstPage } from './routeChunks';

// An async boundary: shared singletons are negotiated before any shared module is evaluated
// (TOOLCHAIN pitfall 1). The first page's own chunk starts alongside (routeChunks.ts).
startFirstPage(location.pathname)?.catch(() => undefined);
import('./bootstrap');
