/**
 * The modules the shell's server build shares with remotes' server builds (decision 032): the same
 * singletons as in the browser (scripts/webpack.factory.js, `sharedConfig`), by the names a remote's
 * server build asks for (its webpack externals, `SERVER_SHARED` there). `require` gives each
 * module's own exports object, as a remote's CommonJS build expects.
 */
declare const require: (name: string) => unknown;

export const SHARED_MODULES: Record<string, unknown> = {
  react: require('react'),
  'react/jsx-runtime': require('react/jsx-runtime'),
  'react-dom': require('react-dom'),
  'shared-contracts': require('shared-contracts'),
  'shared-contracts/contracts': require('shared-contracts/contracts'),
  'shared-contracts/router': require('shared-contracts/router'),
  'shared-contracts/discovery': require('shared-contracts/discovery'),
  'shared-contracts/library': require('shared-contracts/library'),
  'shared-contracts/commerce': require('shared-contracts/commerce'),
  'shared-contracts/video': require('shared-contracts/video'),
  'shared-contracts/visual': require('shared-contracts/visual'),
  'shared-contracts/forms': require('shared-contracts/forms'),
  'shared-contracts/dialog': require('shared-contracts/dialog'),
};
