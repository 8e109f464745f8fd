import { memo } from 'react';
import { Button, Space, Tag } from 'antd';
import { AmendmentActions } from '../../../components/amendment-actions.js';
import { CaseHistoryLink } from '../../../components/case-history-link.js';
import { CaseStatusTag } from '../../../components/case-tags.js';
import { ArrowLeftOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useAccess } from '@pnss/web';
import { caseActions, caseStatus } from '@pnss/libs/rules';
import { useCaseFormSelector, useCaseFormStore } from '../state/case-form.context.js';
import type { CaseFormState } from '../state/case-form.store.js';
import type { CaseActionsApi } from '../hooks/use-case-actions.js';

const savedOf = (s: CaseFormState) => s.saved;
const caseNumOf = (s: CaseFormState) => s.form.caseNum;
const dirtyOf = (s: CaseFormState) => s.dirty;

interface TitleBarProps {
  actions: CaseActionsApi;
  /** The patient's full name: the bar sticks to the top, so the patient stays in view while scrolling. */
  patientName: string;
  /** Where leaving the form goes, in words ('Back to Cases'). */
  backLabel: string;
  onLeave: () => void;
  /** Moves elsewhere in the module, asking first when there are unsaved changes (the History link). */
  onOpen: (to: string) => void;
}

/**
 * SPEC.md §2 title bar: 'Case # {number}' and Archive (not closed, not new, not archived),
 * Unarchive (archived), Save (hidden when closed), Close (not closed, not new, not archived),
 * Reopen (closed and not new), from the libs caseActions rule on the stored case.
 * Leaving the form is a labelled Back at the start; closing the case is 'Close case', set apart
 * at the end in its own strong colour, so the two can never be taken for each other.
 */
export const TitleBar = memo(function TitleBar({ actions, patientName, backLabel, onLeave, onOpen }: TitleBarProps) {
  const saved = useCaseFormSelector(savedOf);
  const caseNum = useCaseFormSelector(caseNumOf);
  const dirty = useCaseFormSelector(dirtyOf);
  const access = useAccess();
  const store = useCaseFormStore();
  const shown = caseActions(saved);
  const busy = actions.busy;
  return (
    <div className="cf-titlebar" role="toolbar" aria-label="Case actions">
      <Button className="cf-back" icon={<ArrowLeftOutlined aria-hidden />} onClick={onLeave}>
        {backLabel}
      </Button>
      <div className="cf-titlebar-heading">
        <h2 className="cf-titlebar-title">Case # {caseNum}</h2>
        <span className="cf-titlebar-patient">{patientName}</span>
      </div>
      <Space size={4} wrap className="cf-titlebar-tags">
        {saved._id ? <CaseStatusTag status={caseStatus(saved)} /> : null}
        {saved.isArchived ? <Tag color="orange">Archived</Tag> : null}
        {dirty ? <Tag color="gold">Unsaved changes</Tag> : null}
      </Space>
      <Space size={8} wrap className="cf-titlebar-buttons">
        {saved._id && access.canViewCase ? <CaseHistoryLink patientid={saved.patientid} caseid={saved._id} caseNum={saved.caseNum} onOpen={onOpen} /> : null}
        {shown.archive && access.canArchiveCase ? (
          <Button onClick={actions.archive} loading={busy === 'archive'} disabled={busy !== null}>
            Archive
          </Button>
        ) : null}
        {shown.unarchive && access.canArchiveCase ? (
          <Button onClick={actions.unarchive} loading={busy === 'unarchive'} disabled={busy !== null}>
            Unarchive
          </Button>
        ) : null}
        {shown.save && (saved._id ? access.canEditCase : access.canCreateCase) ? (
          <Button type="primary" onClick={actions.save} loading={busy === 'save'} disabled={busy !== null}>
            Save
          </Button>
        ) : null}
        {shown.reopen && access.canReopenCase ? (
          <Button
            type="primary"
            className="cf-reopen"
            icon={<UnlockOutlined aria-hidden />}
            onClick={actions.reopen}
            loading={busy === 'reopen'}
            disabled={busy !== null}
          >
            Reopen case
          </Button>
        ) : null}
        <AmendmentActions form={saved} onChanged={(answer) => store.applyStateChange(answer)} />
      </Space>
      {shown.close && access.canCloseCase ? (
        <div className="cf-close-slot">
          <Button
            className="cf-close-case"
            icon={<LockOutlined aria-hidden />}
            onClick={actions.close}
            loading={busy === 'close'}
            disabled={busy !== null}
          >
            Close case
          </Button>
        </div>
      ) : null}
    </div>
  );
});
