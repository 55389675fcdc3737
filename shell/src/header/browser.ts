/** Full-page navigation, behind a seam that tests can replace (jsdom does not navigate). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
