import type { ReactNode } from 'react';

/** A table's head row: one column header (`scope="col"`) per label, each with `cellClassName`. */
export function TableHead({ columns, cellClassName }: { columns: ReactNode[]; cellClassName: string }) {
  return (
    <thead>
      <tr className="border-b">
        {columns.map((label, index) => (
          <th key={index} scope="col" className={cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
