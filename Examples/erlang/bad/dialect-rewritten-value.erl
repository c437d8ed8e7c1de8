%% sc_util:to_bin/1 sends the integer 5 as "5"; a binary written without /utf8 is not UTF-8, and jsx
%% sends U+FFFD for it.
[
    {alert, <<"Your order is in Köln">>},
    {sound, 5}
].
