import { useEffect, useState } from 'react';
import { MESSAGES, TOASTS } from '@pnss/libs/validation';
import { describeError, toast, submissionPaths } from '@pnss/web';
import { useNavigate } from 'react-router-dom';
import { useCreatePackageMutation, useGetPackageQuery } from '../../api/submissions.api.js';

/**
 * Create Package on the Cases tab (SPEC.md §2): sends the approved cases of the page, follows the
 * build's progress ('Packing...'), then says it was created and moves to Census Packages, or says
 * why it failed. `onBuilt` reads the closed cases again either way.
 */
export function usePackageBuild(approvedIds: string[], onBuilt: () => unknown) {
  const navigate = useNavigate();
  const [building, setBuilding] = useState<string | null>(null);
  const [createPackage, creation] = useCreatePackageMutation();
  const progress = useGetPackageQuery(building ?? '', { skip: !building, pollingInterval: 700 });

  useEffect(() => {
    const pkg = progress.data;
    if (!building || !pkg || pkg.submissionId !== building || pkg.building) return;
    setBuilding(null);
    if (pkg.status === 'buildfailed') {
      toast.error(pkg.lastError ?? 'The package could not be built.');
      onBuilt();
      return;
    }
    toast.success(TOASTS.packageCreated);
    onBuilt();
    navigate(submissionPaths.census);
  }, [building, progress.data, navigate, onBuilt]);

  const create = async () => {
    if (building) {
      toast.error(MESSAGES.stillProcessingPackage);
      return;
    }
    if (approvedIds.length === 0) {
      toast.error(MESSAGES.noSelectedCases);
      return;
    }
    toast.info(TOASTS.buildingPackage);
    try {
      const pkg = await createPackage({ selectedCases: approvedIds }).unwrap();
      setBuilding(pkg.submissionId);
    } catch (error) {
      const message = describeError(error).message;
      if (message) toast.error(message);
    }
  };

  return { create, building, progress: progress.data?.progress ?? 0, packing: Boolean(building) || creation.isLoading };
}
