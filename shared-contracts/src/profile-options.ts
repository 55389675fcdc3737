/** The option lists of the profile settings selects (`shared-contracts/forms`, also the server's). */

/** Job titles of the profile settings select (PAY-05). */
export const JOB_TITLES = [
  'Administrative',
  'Analyst',
  'Consultant',
  'Executive/C-Level',
  'Manager/Senior Manager',
  'Other',
  'Owner/Partner',
  'Retired',
  'Sales/Account Management',
  'Student/Researcher',
  'Teacher/Lecturer',
  'Technical Specialist',
  'Vice President/Director/General Manager',
] as const;
/** Company sizes of the profile settings select (PAY-05). */
export const COMPANY_SIZES = ['Self-Employed', '1 to 4', '5 to 99', '100 to 499', '500 to 999', '1000 to 4999', '5000 to 9999', '10000+'] as const;
/** Industries of the profile settings select (PAY-05). */
export const INDUSTRIES = [
  'Advertising/Marketing/Public Relations',
  'Agriculture',
  'Automotive',
  'Consultant',
  'Education',
  'Energy/Natural Resources',
  'Engineering/Construction',
  'Environmental',
  'Financial Services',
  'Food & Beverage',
  'Government',
  'Healthcare',
  'Human Resources',
  'IT/Technology',
  'Life Sciences/Pharmaceuticals',
  'Manufacturing & Materials',
  'Media',
  'Other',
  'Professional Services',
  'Real Estate',
  'Retail/Consumer Goods',
  'Telecommunications',
  'Transportation',
  'Travel/Entertainment',
] as const;
