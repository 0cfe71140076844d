import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { definitionOf } from '../lib/settings/definitions';

export interface Problem {
  key: string;
  set?: string;
  message: string;
}

interface ProblemListProps {
  problems: readonly Problem[];
  title: string;
}

/** Validation problems, each naming its setting (title and key) and set. */
export function ProblemList({ problems, title }: ProblemListProps) {
  if (problems.length === 0) return null;
  return (
    <Alert severity="error" role="status">
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((problem, index) => {
          const settingTitle = definitionOf(problem.key)?.title;
          return (
            <li key={`${problem.set ?? ''}:${problem.key}:${index}`}>
              {settingTitle ? `${settingTitle} ` : ''}
              <code>{problem.key}</code>
              {problem.set ? ` (${problem.set} set)` : ''}: {problem.message}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
