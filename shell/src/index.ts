// An async boundary: shared singletons are negotiated before any shared module is evaluated
// (TOOLCHAIN pitfall 1).
import('./bootstrap');
