console.log('bench: see issue 2');
