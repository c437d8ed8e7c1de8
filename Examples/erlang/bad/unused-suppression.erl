[
    {alert, <<"You have 4 unread messages">>},
    % apns-lint: disable-next-line badge-invalid -- the old server sent the badge as a string
    {badge, 4}
].
