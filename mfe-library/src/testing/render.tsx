import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import LibraryApp from '../LibraryApp';

/** Shows the router's current path, so tests can see where a link went. */
function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
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
