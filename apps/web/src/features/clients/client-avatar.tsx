import Avatar from '@mui/material/Avatar';

/** The client's initials in a circle. */
export function ClientAvatar({ firstName, lastName, size = 36 }: { firstName: string; lastName: string; size?: number }) {
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
  return (
    <Avatar sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main' }} aria-hidden>
      {initials}
    </Avatar>
  );
}
