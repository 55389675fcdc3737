/**
 * The topic taxonomy: the 11 top levels of PAY-09, each with its own subtopics. The
 * subtopic names are generic management vocabulary written for this project.
 */
import { TOPIC_TAXONOMY_ROOTS, topicSubjectSlug } from 'shared-contracts/server';
import type { NewTopic } from '../db/database';

/** The 11 top levels (PAY-09), as shared-contracts lists them. */
export const TOP_LEVEL_TOPICS = TOPIC_TAXONOMY_ROOTS;

type TopLevel = (typeof TOP_LEVEL_TOPICS)[number];

const SUBTOPICS: Record<TopLevel, readonly string[]> = {
  'Business and society': [
    'Corporate governance',
    'Corporate social responsibility',
    'Diversity and inclusion',
    'Business ethics',
    'Government policy and regulation',
    'Globalization',
    'Sustainable business practices',
    'Climate change',
    'Public-private partnerships',
    'Human rights',
    'Labor relations',
    'Philanthropy',
    'Business history',
    'Stakeholder capitalism',
  ],
  'Business management': [
    'Operations management',
    'Supply chain management',
    'Project management',
    'Marketing',
    'Sales',
    'Customer service',
    'Branding',
    'Quality management',
    'Process improvement',
    'Logistics',
    'Procurement',
    'Product management',
    'Crisis management',
    'Risk management',
  ],
  Economics: [
    'Macroeconomics',
    'Microeconomics',
    'Labor economics',
    'Behavioral economics',
    'International trade',
    'Monetary policy',
    'Economic development',
    'Emerging markets',
    'Inflation',
    'Productivity',
    'Competition',
    'Recession',
    'Global economy',
    'Public finance',
  ],
  Entrepreneurship: [
    'Startups',
    'Venture capital',
    'Business models',
    'Family business',
    'Small business',
    'Scaling a business',
    'Founders',
    'Fundraising',
    'Franchising',
    'Intrapreneurship',
    'Bootstrapping',
    'Exit strategies',
    'Social entrepreneurship',
    'Entrepreneurial finance',
  ],
  'Finance and investing': [
    'Corporate finance',
    'Accounting',
    'Financial analysis',
    'Investment management',
    'Mergers and acquisitions',
    'Capital structure',
    'Private equity',
    'Budgeting',
    'Financial reporting',
    'Valuation',
    'Digital assets',
    'Personal finance',
    'Banking',
    'Cost management',
  ],
  'Health and behavioral science': [
    'Psychology',
    'Neuroscience',
    'Well-being',
    'Stress management',
    'Burnout',
    'Mental health',
    'Health care management',
    'Sleep',
    'Emotional intelligence',
    'Cognitive bias',
    'Motivation',
    'Mindfulness',
    'Workplace health',
    'Behavioral science research',
  ],
  Innovation: [
    'Disruptive innovation',
    'Design thinking',
    'Research and development',
    'Product development',
    'Creativity',
    'Experimentation',
    'Open innovation',
    'Innovation management',
    'Business model innovation',
    'Intellectual property',
    'Corporate venturing',
    'Prototyping',
    'Idea generation',
    'Customer insight',
  ],
  'Leadership and managing people': [
    'Leadership',
    'Leading teams',
    'Management skills',
    'Coaching and mentoring',
    'Talent management',
    'Hiring and recruitment',
    'Performance management',
    'Employee engagement',
    'Organizational culture',
    'Change management',
    'Feedback',
    'Compensation and benefits',
    'Succession planning',
    'Hybrid work',
    'Power and influence',
  ],
  'Managing yourself': [
    'Career planning',
    'Personal productivity',
    'Time management',
    'Work-life balance',
    'Decision making and problem solving',
    'Negotiation strategies',
    'Communication',
    'Public speaking',
    'Networking',
    'Personal development',
    'Resilience',
    'Business writing',
    'Career transitions',
    'Managing up',
  ],
  Strategy: [
    'Competitive strategy',
    'Corporate strategy',
    'Strategic planning',
    'Global strategy',
    'Growth strategy',
    'Business ecosystems',
    'Alliances and partnerships',
    'Scenario planning',
    'Strategy execution',
    'Platform strategy',
    'Pricing strategy',
    'Market entry',
    'Diversification',
    'Restructuring',
  ],
  'Technology and analytics': [
    'Artificial intelligence',
    'Generative AI',
    'Machine learning',
    'Data science',
    'Data management',
    'Cybersecurity',
    'Digital transformation',
    'Cloud computing',
    'Automation',
    'Information technology',
    'Internet of things',
    'Blockchain',
    'Technology adoption',
    'Privacy and data protection',
    'Robotics',
  ],
};

/** Slug rule of SITE-02: lower-cased, '&' becomes 'and', spaces become hyphens. */
export const topicSlug: (name: string) => string = topicSubjectSlug;

export function topicId(name: string): string {
  return `tp-${topicSlug(name)}`;
}

/** The whole tree, parents before children; positions follow the lists above. */
export function buildTopics(): NewTopic[] {
  const rows: NewTopic[] = [];
  let position = 0;
  for (const top of TOP_LEVEL_TOPICS) {
    rows.push({ id: topicId(top), name: top, slug: topicSlug(top), parent_id: null, position: position++ });
  }
  for (const top of TOP_LEVEL_TOPICS) {
    for (const name of SUBTOPICS[top]) {
      rows.push({ id: topicId(name), name, slug: topicSlug(name), parent_id: topicId(top), position: position++ });
    }
  }
  return rows;
}
