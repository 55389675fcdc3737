import { VISUAL_LIBRARY_ALL_TAB_LABEL } from 'shared-contracts/visual';
import type { VisualSubject } from 'shared-contracts/visual';

/** One choice of subject: a tab, a left-nav link. filter '' is All Data & Visuals. */
export interface SubjectChoice {
  label: string;
  filter: string;
}

/** 'All Data & Visuals' then one choice per subject (PAY-02). */
export function subjectChoices(subjects: readonly VisualSubject[]): SubjectChoice[] {
  return [{ label: VISUAL_LIBRARY_ALL_TAB_LABEL, filter: '' }, ...subjects.map((s) => ({ label: s.label, filter: s.filter }))];
}
