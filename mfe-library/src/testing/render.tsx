import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import LibraryApp from '../LibraryApp';

let navigateNow: NavigateFunction | null = null;

/** The router's navigate, for a test to press Back (`testNavigate(-1)`) or Forward, inside act(). */
export function testNavigate(to: number): void {
  void navigateNow?.(to);
}

/** Shows the router's current path (and query, apart), so tests can see where a link went. */
function Where() {
  const { pathname, search } = useLocation();
  navigateNow = useNavigate();
  return (
    <>
      <output data-testid="where">{pathname}</output>
      <output data-testid="where-search">{search}</output>
    </>
  );
}

/** The library remote at `path`, as the shell mounts it (every path goes to it). */
export function renderLibrary(path = '/my-library') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <LibraryApp />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}
