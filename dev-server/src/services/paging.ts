/** Page arithmetic shared by the paged answers. Pages count from 1. */
export interface PageRequest {
  page: number;
  size: number;
}

export interface PageWindow {
  offset: number;
  limit: number;
}

export interface PageFacts {
  number: number;
  size: number;
  totalPages: number;
  totalElements: number;
  first: boolean;
  last: boolean;
}

export function pageWindow({ page, size }: PageRequest): PageWindow {
  return { offset: (page - 1) * size, limit: size };
}

/** totalPages is 0 for an empty list; a page at or past the end is the last. */
export function pageFacts({ page, size }: PageRequest, totalElements: number): PageFacts {
  const totalPages = Math.ceil(totalElements / size);
  return { number: page, size, totalPages, totalElements, first: page === 1, last: page >= totalPages };
}
