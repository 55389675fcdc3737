/**
 * `shared-contracts/geo` (decision 038, extended): the visitor's country (`useVisitorCountry`,
 * `useDomestic`), asked of the API once per visit. Not shared: each build bundles it where it is
 * used (the header's menu, the registration forms, the paywall's panel). The visit's answer lives
 * in sessionStorage, which every copy reads, so two parts on one page share it; the module keeps
 * only an in-flight request.
 */
export * from '../geo';
