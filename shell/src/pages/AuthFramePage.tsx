/**
 * /auth/frame?action=signin|registration|forgot-password : the auth modal alone, for use inside
 * an iframe (PAY-02). App renders it without the header and footer; Close and 'Go back' are
 * posted to the parent (auth/frame.ts).
 */
import { useSearchParams } from 'shared-contracts/router';
import { AUTH_MODAL_ACTIONS, type AuthModalAction } from 'shared-contracts';
import { AuthModal } from '../auth/AuthModal';

export function frameAction(value: string | null): AuthModalAction {
  return (AUTH_MODAL_ACTIONS as readonly string[]).includes(value ?? '') ? (value as AuthModalAction) : 'signin';
}

export function AuthFramePage() {
  const [params] = useSearchParams();
  const action = frameAction(params.get('action'));
  return <AuthModal key={action} frame={{ action }} />;
}
