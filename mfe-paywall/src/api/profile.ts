/** The paywall panel's profile call: the settings a new member gives after registering (PAY-03, PAY-04). */
import { api, type User } from 'shared-contracts';

/** Saves the chosen profile settings (industry, jobTitle, companySize) on the member's profile. */
export const saveProfileSettings = (attributes: { name: string; value: string }[]): Promise<User> => api.updateProfile({ attributes });
