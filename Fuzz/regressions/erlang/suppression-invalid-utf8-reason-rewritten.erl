% apns-lint: disable-file ÿ badge-invalid, sound-invalid -- r
[{alert, <<"Hi">>}, {badge, <<"5">>}].
