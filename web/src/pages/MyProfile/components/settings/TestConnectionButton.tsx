import { App, Button } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { StorageRequest, UpdateProfileRequest } from '@proofmark/shared/contract/profile';
import { errorText } from '../../../../api/envelope';
import { profileApi } from '../../../../api/profile';

/**
 * Test connection (POST /api/profile/test-storage) with the block's current values, saved or not:
 * an empty secret field means the stored one, as on Save.
 */
export function TestConnectionButton({
  values,
}: {
  values: () => Promise<UpdateProfileRequest | undefined>;
}) {
  const { message } = App.useApp();
  const test = useMutation({
    mutationFn: (block: StorageRequest) => profileApi.testStorage(block),
    onSuccess: (answer) => void message.success(answer.message),
    onError: (error) => void message.error(errorText(error)),
  });
  return (
    <Button
      loading={test.isPending}
      onClick={async () => {
        const block = await values();
        if (block !== undefined) test.mutate(block as StorageRequest);
      }}
    >
      Test connection
    </Button>
  );
}
