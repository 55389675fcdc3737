/**
 * The dom project's setup: jest-dom's matchers, and a 5 s ceiling for Testing Library's waits
 * (findBy*, waitFor) instead of 1 s. A wait ends as soon as its state holds, so a passing test is no
 * slower; the ceiling only keeps a test from failing on a machine busy with other work.
 */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
