/** One Jest run over every package: node for the server and pure modules, jsdom for components. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const base = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
};
module.exports = {
  projects: [
    {
      ...base,
      displayName: 'node',
      testEnvironment: 'node',
      // A worker's first API test migrates and seeds a real database for its template (about 1 s
      // alone, several on a machine busy with e2e): hooks and tests get 20 s, not Jest's 5.
      testTimeout: 20_000,
      testMatch: ['<rootDir>/shared-contracts/src/**/*.test.ts', '<rootDir>/dev-server/src/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
    },
    {
      ...base,
      displayName: 'dom',
      testEnvironment: '<rootDir>/scripts/jest-env-dom.js',
      setupFilesAfterEnv: ['<rootDir>/scripts/jest-setup-dom.ts'],
      testMatch: ['<rootDir>/shared-contracts/src/**/*.test.tsx', '<rootDir>/shell/src/**/*.test.ts?(x)', '<rootDir>/mfe-*/src/**/*.test.ts?(x)'],
    },
  ],
};
