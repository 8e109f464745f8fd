import { useEffect, useState } from 'react';
import type { CensusPackage } from '@pnss/libs/api';
import { buildOutcomeText } from '@pnss/libs/submissions';
import { TOASTS } from '@pnss/libs/validation';
import { describeError, toast } from '@pnss/web';
import {
  useDownloadTicketMutation, useGetPackageQuery, useRebuildPackageMutation, useSubmitPackageMutation,
} from '../../api/submissions.api.js';
import { formatDateTime } from '../../components/format.js';

/** 'ERROR: ' plus the server's message (SPEC.md §8). */
function errorToast(error: unknown): void {
  const message = describeError(error).message;
  if (message) toast.error(`ERROR: ${message}`);
}

/** What the actions tell the list: a submit is waiting for its answer; a rebuild has ended. */
export interface CensusListHooks {
  setSubmitting: (submitting: boolean) => void;
  onRebuilt: () => unknown;
}

/**
 * A package row's rebuild, submit and download (SPEC.md §2 Census tab), each with its toasts.
 * The list is told while a submit waits for its answer (it keeps polling) and once a rebuild that
 * the server ran after its answer has ended (it reads the packages again).
 */
export function useCensusActions({ setSubmitting, onRebuilt }: CensusListHooks) {
  const [rebuild] = useRebuildPackageMutation();
  const [submit] = useSubmitPackageMutation();
  const [ticket] = useDownloadTicketMutation();

  // A rebuild runs on the server after its answer: the package is read until the build has ended,
  // then the toast says when and what came of it (the same bytes, or the next version and its cases).
  const [rebuilding, setRebuilding] = useState<{ submissionId: string; since: number } | null>(null);
  const watched = useGetPackageQuery(rebuilding?.submissionId ?? '', { skip: !rebuilding, pollingInterval: 700 });
  useEffect(() => {
    const pkg = watched.data;
    if (!rebuilding || !pkg || pkg.submissionId !== rebuilding.submissionId || pkg.building) return;
    if ((watched.fulfilledTimeStamp ?? 0) <= rebuilding.since) return;
    setRebuilding(null);
    if (!pkg.lastBuild) return;
    const words = buildOutcomeText(pkg.lastBuild, formatDateTime(pkg.lastBuild.at));
    if (pkg.lastBuild.outcome === 'failed') toast.error(`${words} ${pkg.lastError ?? ''}`.trim());
    else toast.success(words);
    onRebuilt();
  }, [rebuilding, watched.data, watched.fulfilledTimeStamp, onRebuilt]);

  const onRebuild = async (pkg: CensusPackage) => {
    toast.info(TOASTS.building);
    try {
      await rebuild({ submissionid: pkg.submissionId, filename: pkg.fileName }).unwrap();
      setRebuilding({ submissionId: pkg.submissionId, since: Date.now() });
    } catch (error) {
      errorToast(error);
    }
  };

  const onSubmit = async (pkg: CensusPackage) => {
    if (pkg.status === 'Sending') return;
    toast.info(TOASTS.submitting);
    setSubmitting(true);
    try {
      const answer = await submit({ submissionid: pkg.submissionId }).unwrap();
      if (answer.uploadid) toast.success(TOASTS.packageUploaded);
    } catch (error) {
      errorToast(error);
    } finally {
      setSubmitting(false);
    }
  };

  const onDownload = async (pkg: CensusPackage) => {
    try {
      const link = await ticket(pkg.submissionId).unwrap();
      window.open(link.url, '_blank', 'noopener');
    } catch (error) {
      errorToast(error);
    }
  };

  return { onRebuild, onSubmit, onDownload };
}

export type CensusActions = ReturnType<typeof useCensusActions>;
