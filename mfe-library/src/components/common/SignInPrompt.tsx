import { Link } from 'shared-contracts/router';
import { SignInPrompt as SharedSignInPrompt } from 'shared-contracts';

/** 'To access this feature, please SIGN IN or REGISTER' (SITE-02), shared with the shell. */
export function SignInPrompt() {
  return <SharedSignInPrompt linkComponent={Link} />;
}
