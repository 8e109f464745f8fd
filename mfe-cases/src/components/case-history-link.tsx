import type { MouseEvent } from 'react';
import { Button } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { casePaths } from '@pnss/web';
import { useHref, useNavigate } from 'react-router-dom';

interface CaseHistoryLinkProps {
  patientid: string;
  caseid: string;
  caseNum: string;
  /** How the move is made (the case form asks first when there are unsaved changes); the router's by default. */
  onOpen?: (to: string) => void;
}

/**
 * A link to the case's History screen (issues 30, 31), drawn as a button: a real address, so it opens
 * in a new tab too; a plain click moves through `onOpen`.
 */
export function CaseHistoryLink({ patientid, caseid, caseNum, onOpen }: CaseHistoryLinkProps) {
  const to = casePaths.caseHistory(patientid, caseid);
  const href = useHref(to);
  const navigate = useNavigate();
  const open = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (onOpen) onOpen(to);
    else void navigate(to);
  };
  return (
    <Button href={href} icon={<HistoryOutlined aria-hidden />} aria-label={`History of case # ${caseNum}`} onClick={open}>
      History
    </Button>
  );
}
