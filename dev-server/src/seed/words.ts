/**
 * Word lists for generated copy. Written for this project: short generic fragments combined at
 * random, so no generated sentence comes from any real publication.
 */

export const FIRST_NAMES = [
  'Adaeze', 'Bram', 'Camila', 'Dorian', 'Elif', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonah', 'Kavya', 'Lorenzo',
  'Maren', 'Nikolai', 'Odette', 'Priya', 'Quentin', 'Rosalind', 'Santiago', 'Tamsin', 'Uma', 'Viktor',
  'Wren', 'Xiomara', 'Yusuf', 'Zara', 'Anselm', 'Beatriz', 'Cormac', 'Delphine',
] as const;

export const LAST_NAMES = [
  'Abernathy', 'Baptiste', 'Castellano', 'Delacroix-Hart', 'Eklund', 'Fairweather', 'Galloway', 'Hollis',
  'Iwasaki', 'Jaramillo', 'Kowalczyk', 'Lindqvist', 'Mbeki-Stone', 'Nakashima', 'Okonkwo', 'Pellegrino',
  'Quarles', 'Rautio', 'Sandoval', 'Thorne', 'Ueda', 'Valdivia', 'Whitcombe', 'Yarrow', 'Zeller', 'Brannock',
  'Crestwell', 'Dunmore',
] as const;

export const AUDIENCES = [
  'Leaders', 'Managers', 'CEOs', 'Boards', 'Founders', 'Teams', 'New Managers', 'CFOs', 'Product Teams',
  'HR Leaders', 'Midsize Firms', 'Family Businesses', 'Sales Leaders', 'Executives',
] as const;

export const VERBS = [
  'Measure', 'Scale', 'Rebuild', 'Protect', 'Fund', 'Simplify', 'Prioritize', 'Reinvent', 'Govern', 'Price',
  'Staff', 'Sustain', 'Test', 'Explain', 'Align', 'Rethink', 'Defend', 'Renew',
] as const;

export const OBJECTS = [
  'Customer Loyalty', 'Hybrid Teams', 'Pricing Power', 'Supplier Networks', 'Middle Management',
  'Board Oversight', 'Innovation Pipelines', 'Cash Flow', 'Talent Pipelines', 'AI Pilots', 'Growth Bets',
  'Company Culture', 'Data Platforms', 'Decision Rights', 'Frontline Work', 'Meeting Habits', 'Product Roadmaps',
  'Capital Allocation', 'Side Projects', 'Quarterly Plans', 'Annual Reviews', 'Partner Ecosystems',
] as const;

export const ADJECTIVES = [
  'Quiet', 'Overlooked', 'Practical', 'Unexpected', 'Durable', 'Hidden', 'Simple', 'Patient', 'Stubborn',
  'Modest', 'Radical', 'Steady', 'Crowded', 'Fragile',
] as const;

export const GERUNDS = [
  'Slowing Down', 'Saying No', 'Sharing Data', 'Paying Fairly', 'Hiring Generalists', 'Cutting Meetings',
  'Pricing Early', 'Listening to Skeptics', 'Shrinking the Roadmap', 'Writing Things Down', 'Starting Small',
] as const;

export const CONTEXTS = [
  'an Uncertain Economy', 'a Hybrid Workplace', 'the Age of AI', 'Slow-Growth Markets', 'a Crowded Market',
  'Global Teams', 'Regulated Industries', 'the Next Downturn', 'Fast-Growing Startups',
] as const;

export const TITLE_TEMPLATES = [
  'How {audience} Can {verb} {object}',
  'The {adjective} Case for {gerund}',
  'Why {audience} Struggle to {verb} {object}',
  'What {audience} Get Wrong About {object}',
  '{number} Ways to {verb} {object}',
  'When to {verb} {object}, and When Not To',
  'Rethinking {object} for {context}',
  'The Hidden Cost of {gerund}',
  'A Better Way to {verb} {object}',
  '{topic} in {context}',
  'The {adjective} Power of {gerund}',
  'Stop Trying to {verb} {object}',
] as const;

export const SUBJECTS = [
  'managers', 'executive teams', 'frontline employees', 'boards', 'founders', 'product groups',
  'finance leaders', 'regional units', 'customers', 'analysts', 'new hires', 'senior leaders', 'suppliers',
] as const;

export const VERB_PHRASES = [
  'underestimate', 'tend to overinvest in', 'quietly abandon', 'rarely measure', 'learn the most from',
  'compete on', 'get better results from', 'misread', 'spend too long debating', 'build routines around',
  'rarely question', 'benefit from revisiting',
] as const;

export const OBJECT_PHRASES = [
  'small experiments', 'clear decision rights', 'the signals in their own data', 'informal networks',
  'long-term incentives', 'customer complaints', 'the first ninety days', 'cross-functional reviews',
  'a few shared metrics', 'honest feedback loops', 'pricing decisions', 'supplier relationships',
  'the budget calendar', 'unglamorous maintenance work', 'the handoffs between teams',
] as const;

export const OPENERS = [
  'In practice,', 'Across the companies we studied,', 'Most of the time,', 'Over the past decade,', 'At first glance,',
  'In our interviews,', 'Surprisingly,', 'For many firms,', 'In one survey of midsize firms,', 'Time and again,',
] as const;

export const CLOSERS = [
  'when budgets tighten', 'during periods of rapid growth', 'once a strategy is announced',
  'because the payoff is slow to appear', 'even when the evidence is clear', 'in ways that compound over time',
  'without noticing the trade-offs', 'long before the results show up in the numbers',
] as const;

export const ADVICE = [
  'Start with one team and one measure, and expand only when the measure moves.',
  'Write the decision down, name its owner, and set a date to revisit it.',
  'Ask what would have to be true for the opposite choice to be right.',
  'Protect a small budget for work whose value cannot be forecast yet.',
  'Make the trade-off explicit before the meeting, not during it.',
  'Treat the first version as a question, not an answer.',
  'Reward the people who surface bad news early.',
  'Retire one old report for every new dashboard.',
] as const;

export const SERIES = [
  'Leading Through Change', 'The Data-Driven Manager', 'Work Smarter', 'Strategy in Practice',
  'The Resilient Organization',
] as const;

export const NUMBER_WORDS = ['3', '4', '5', '6', '7'] as const;
