import { useState } from "react";
import { avatarInitials, ownOriginImage } from "../lib/avatar";

interface UserAvatarProps {
  fullName: string | null;
  email: string;
  avatarUrl: string | null;
}

/** The profile picture when the portal serves one and it loads; else the initials (SPEC). */
export function UserAvatar({ fullName, email, avatarUrl }: UserAvatarProps) {
  const image = ownOriginImage(avatarUrl, window.location.origin);
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = image !== null && failed !== image;
  return (
    <span aria-hidden className="relative inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-700 text-sm font-semibold text-white">
      {avatarInitials(fullName, email)}
      {showImage && <img src={image} alt="" onError={() => setFailed(image)} className="absolute inset-0 size-full object-cover" />}
    </span>
  );
}
