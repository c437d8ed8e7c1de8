%% A binary written without /utf8 holds one byte per character: "ö" becomes the byte 16#F6, which is not UTF-8,
%% and jsx sends U+FFFD in its place.
[
    {alert, <<"Your order is in Köln">>}
].
