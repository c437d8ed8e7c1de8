%% make_notification/1 reads alert, badge, sound and extra: 'sounds' is not sent (did you mean 'sound'?).
[
    {'alert', <<"Jenna invited you to play">>},
    {'sounds', <<"wopr">>}
].
