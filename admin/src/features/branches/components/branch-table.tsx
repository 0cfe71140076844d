import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StaffBranch } from '@portal/domain';
import { VisuallyHidden } from '@portal/web-kit';
import { isPinned } from '../utils/branch-pins';
import { TableScrollRegion } from '../../../components/table-scroll-region';

export interface BranchTableProps {
  branches: readonly StaffBranch[];
  /** Editors and publishers get each row's actions; viewers only read. */
  canChange: boolean;
  busy: boolean;
  onEdit(branch: StaffBranch): void;
  onMove(branch: StaffBranch, direction: 'up' | 'down'): void;
  onRemove(branch: StaffBranch): void;
}

/** The branches in the order borrowers see them, each with its actions. */
export function BranchTable({ branches, canChange, busy, ...on }: BranchTableProps) {
  return (
    <TableScrollRegion label="Branches, scrolls sideways">
      <Table size="small">
        <caption>
          <VisuallyHidden>Branches, in the order borrowers see them</VisuallyHidden>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Place
            </TableCell>
            <TableCell component="th" scope="col">
              Branch
            </TableCell>
            <TableCell component="th" scope="col">
              Address
            </TableCell>
            <TableCell component="th" scope="col">
              Phone
            </TableCell>
            <TableCell component="th" scope="col">
              Hours
            </TableCell>
            <TableCell component="th" scope="col">
              On the map
            </TableCell>
            {canChange && (
              <TableCell component="th" scope="col">
                Actions
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {branches.map((branch, index) => (
            <TableRow key={branch.id}>
              <TableCell>{index + 1}</TableCell>
              <TableCell component="th" scope="row">
                {branch.name}
              </TableCell>
              <TableCell>
                {branch.streetAddress}, {branch.city}, {branch.state} {branch.zip}
              </TableCell>
              <TableCell>{branch.phoneNumber || '—'}</TableCell>
              <TableCell>
                {branch.hours.length === 0
                  ? '—'
                  : branch.hours.map((line, lineIndex) => (
                      <Box key={`${lineIndex}:${line}`} component="span" sx={{ display: 'block' }}>
                        {line}
                      </Box>
                    ))}
              </TableCell>
              <TableCell>
                {isPinned(branch)
                  ? `${branch.latitude}, ${branch.longitude}`
                  : 'No pin (no place given)'}
              </TableCell>
              {canChange && (
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    <Button
                      size="small"
                      aria-label={`Change ${branch.name}`}
                      onClick={() => on.onEdit(branch)}
                    >
                      Change
                    </Button>
                    <Button
                      size="small"
                      aria-label={`Move up: ${branch.name}`}
                      disabled={busy || index === 0}
                      onClick={() => on.onMove(branch, 'up')}
                    >
                      Move up
                    </Button>
                    <Button
                      size="small"
                      aria-label={`Move down: ${branch.name}`}
                      disabled={busy || index === branches.length - 1}
                      onClick={() => on.onMove(branch, 'down')}
                    >
                      Move down
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Remove ${branch.name}`}
                      onClick={() => on.onRemove(branch)}
                    >
                      Remove
                    </Button>
                  </Box>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}
